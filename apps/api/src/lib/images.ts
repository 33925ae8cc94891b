/**
 * Image intake: jpeg or png only, recognised from the bytes, re-encoded as jpg at each width the
 * app displays (spec: markers 124, thumbnails 100/512, modal 1440), never upscaled.
 */
import { randomUUID } from 'node:crypto';
import { IMAGE_WIDTHS } from '@evmap/contract/constants';
import sharp, { type Sharp } from 'sharp';
import { validationError } from '../errors';
import type { FileStorage } from './storage';

export type StoredImage = { path: string; url: string; formats: number[] };

/** jpeg: FF D8 FF; png: 89 50 4E 47 0D 0A 1A 0A. */
export function sniffImageType(data: Buffer): 'jpeg' | 'png' | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((byte, i) => data[i] === byte)) return 'png';
  return undefined;
}

/** The key of one stored width. */
export const imageKey = (imagePath: string, width: number) => `${imagePath}/${width}.jpg`;

export async function storeImage(data: Buffer, folder: string, storage: FileStorage): Promise<StoredImage> {
  if (!sniffImageType(data)) throw validationError({ file: 'imageType' });
  let image: Sharp;
  let width: number;
  try {
    image = sharp(data, { limitInputPixels: 50_000_000 }).rotate();
    const meta = await image.metadata();
    if (meta.format !== 'jpeg' && meta.format !== 'png') throw new Error('format');
    width = (meta.autoOrient?.width ?? meta.width) || 0;
    if (width === 0) throw new Error('empty');
  } catch {
    throw validationError({ file: 'imageType' });
  }
  const now = new Date();
  const imagePath = `${folder}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
  const widths = IMAGE_WIDTHS.filter((w) => w <= width);
  const formats = widths.length > 0 ? [...widths] : [width];
  await Promise.all(
    formats.map(async (w) => {
      const jpg = await image
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      await storage.put(imageKey(imagePath, w), jpg, 'image/jpeg');
    }),
  );
  return { path: imagePath, url: storage.url(imageKey(imagePath, Math.max(...formats))), formats };
}
