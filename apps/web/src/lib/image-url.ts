/** Addresses of stored event and profile images. */

type Image = { imageUrl: string; formats: number[] };

/**
 * URL of the first image at the stored width closest to `width`, or null without an image. The API answers
 * the URL of the largest width (on this server or on S3-compatible storage); the other widths sit beside it.
 */
export function imageUrl(images: Image[], width: number): string | null {
  const image = images[0];
  if (!image || image.formats.length === 0) return null;
  const closest = image.formats.reduce((best, w) => (Math.abs(w - width) < Math.abs(best - width) ? w : best));
  return image.imageUrl.replace(/\/\d+\.jpg$/, `/${closest}.jpg`);
}
