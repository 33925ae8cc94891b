/**
 * Cover images for generated events, drawn from SVG (a gradient and a simple shape per category)
 * and stored through storeImage like an upload. Encoding every width of a 1440×810 jpeg costs about
 * 0.1 s of CPU, so a few templates are encoded once and each event gets its own copy of the files.
 */
import { randomUUID } from 'node:crypto';
import type { CategoryHandle } from '@evmap/contract/enums';
import { CATEGORIES } from '@evmap/contract/globals';
import { escapeHtml } from '@evmap/contract/html';
import sharp from 'sharp';
import { imageKey, type StoredImage, storeImage } from '../lib/images';
import type { FileStorage } from '../lib/storage';

export const COVER_WIDTH = 1440;
export const COVER_HEIGHT = 810;

const PALETTES: Record<CategoryHandle, [string, string]> = {
  business: ['#0f2a4a', '#1f8a8a'],
  community: ['#f07b3f', '#d6336c'],
  cultural: ['#5f3dc4', '#c2255c'],
  nightlife: ['#120b2e', '#6741d9'],
  'sports-entertainment': ['#c92a2a', '#f59f00'],
  'sports-outdoor': ['#2b8a3e', '#1971c2'],
};

const SHAPES: Record<CategoryHandle, string> = {
  business:
    '<rect x="0" y="160" width="90" height="240"/><rect x="130" y="60" width="90" height="340"/><rect x="260" y="0" width="90" height="400"/>',
  community:
    '<circle cx="110" cy="230" r="140"/><circle cx="250" cy="150" r="140"/><circle cx="390" cy="230" r="140"/>',
  cultural: '<polygon points="200,0 247,135 390,138 276,225 317,362 200,280 83,362 124,225 10,138 153,135"/>',
  nightlife:
    '<path d="M260 20a200 200 0 1 0 130 330a170 170 0 1 1 -130 -330z"/><circle cx="420" cy="60" r="14"/><circle cx="470" cy="170" r="9"/>',
  'sports-entertainment':
    '<circle cx="200" cy="200" r="200"/><circle cx="200" cy="200" r="130" fill-opacity="0.5"/><circle cx="200" cy="200" r="60"/>',
  'sports-outdoor':
    '<polygon points="0,400 170,90 290,300 360,190 520,400"/><polygon points="150,126 170,90 190,126"/>',
};

/** The SVG of a category cover; `variant` mirrors the gradient, the shape and the label. */
export function coverSvg(handle: CategoryHandle, variant: number): string {
  const [from, to] = PALETTES[handle];
  const category = CATEGORIES.find((c) => c.handle === handle);
  const mirrored = variant % 2 === 1;
  const shapeX = mirrored ? 90 : COVER_WIDTH - 760;
  const textX = mirrored ? COVER_WIDTH - 90 : 90;
  const anchor = mirrored ? 'end' : 'start';
  const font = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#ffffff"';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}">
  <defs><linearGradient id="g" x1="${mirrored ? 1 : 0}" y1="0" x2="${mirrored ? 0 : 1}" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#g)"/>
  <g transform="translate(${shapeX} 110) scale(1.3)" fill="#ffffff" fill-opacity="0.3">${SHAPES[handle]}</g>
  <text x="${textX}" y="690" text-anchor="${anchor}" ${font} font-size="68" font-weight="bold">${escapeHtml(category?.titleFr ?? handle)}</text>
  <text x="${textX}" y="758" text-anchor="${anchor}" ${font} font-size="44" fill-opacity="0.85">${escapeHtml(category?.titleEn ?? handle)}</text>
</svg>`;
}

/** Renders and stores one cover per category and variant, in parallel; keyed `handle:variant`. */
export async function storeCoverTemplates(
  storage: FileStorage,
  handles: readonly CategoryHandle[],
  variants: number,
  folder = 'events',
): Promise<Map<string, StoredImage>> {
  const jobs = handles.flatMap((handle) => Array.from({ length: variants }, (_, variant) => ({ handle, variant })));
  const stored = await Promise.all(
    jobs.map(async ({ handle, variant }) => {
      // Uncompressed png: the fastest lossless hand-over to storeImage, which re-encodes anyway.
      const png = await sharp(Buffer.from(coverSvg(handle, variant)))
        .png({ compressionLevel: 0 })
        .toBuffer();
      return [`${handle}:${variant}`, await storeImage(png, folder, storage)] as const;
    }),
  );
  return new Map(stored);
}

/** A copy of a stored image's files under a new path (so that deleting one event never touches another's files). */
export async function copyStoredImage(
  storage: FileStorage,
  image: StoredImage,
  now: Date,
  folder = 'events',
): Promise<StoredImage> {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const imagePath = `${folder}/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
  await Promise.all(
    image.formats.map(async (width) => {
      const data = await storage.get(imageKey(image.path, width));
      await storage.put(imageKey(imagePath, width), data, 'image/jpeg');
    }),
  );
  return {
    path: imagePath,
    url: storage.url(imageKey(imagePath, Math.max(...image.formats))),
    formats: [...image.formats],
  };
}
