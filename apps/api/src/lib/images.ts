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

/** Runs a task now, or when a slot frees up (the uploads' queue, which bounds how many images are resized at once). */
export type ImageSlot = <T>(task: () => Promise<T>) => Promise<T>;
const now: ImageSlot = (task) => task();

/**
 * Reads and re-encodes the image at each width, one after the other (one libuv worker thread at a time).
 * Anything sharp cannot read, at the first look or only while decoding (a file cut short), is a bad image.
 */
async function encodeWidths(data: Buffer): Promise<Array<{ width: number; jpg: Buffer }>> {
  try {
    const image: Sharp = sharp(data, { limitInputPixels: 50_000_000 }).rotate();
    const meta = await image.metadata();
    if (meta.format !== 'jpeg' && meta.format !== 'png') throw new Error('format');
    const width = (meta.autoOrient?.width ?? meta.width) || 0;
    if (width === 0) throw new Error('empty');
    const widths = IMAGE_WIDTHS.filter((w) => w <= width);
    const encoded: Array<{ width: number; jpg: Buffer }> = [];
    for (const w of widths.length > 0 ? widths : [width]) {
      const jpg = await image
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      encoded.push({ width: w, jpg });
    }
    return encoded;
  } catch {
    throw validationError({ file: 'imageType' });
  }
}

/**
 * Checks and stores an image at every width the app shows. All sharp work runs in `slot`, so that several
 * large uploads at once queue instead of taking every libuv worker thread (which the database driver, DNS and
 * file writes need too); storing the files happens after the slot is given back.
 */
export async function storeImage(
  data: Buffer,
  folder: string,
  storage: FileStorage,
  slot: ImageSlot = now,
): Promise<StoredImage> {
  if (!sniffImageType(data)) throw validationError({ file: 'imageType' });
  const encoded = await slot(() => encodeWidths(data));
  const date = new Date();
  const imagePath = `${folder}/${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
  await Promise.all(encoded.map(({ width, jpg }) => storage.put(imageKey(imagePath, width), jpg, 'image/jpeg')));
  const formats = encoded.map((e) => e.width);
  return { path: imagePath, url: storage.url(imageKey(imagePath, Math.max(...formats))), formats };
}
