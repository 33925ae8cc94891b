/** Image uploads (spec sections 3, 5 and 7): jpeg or png, stored at the widths the app shows, owned by their uploader. */
import type { UploadFolder } from '@evmap/contract/forms';
import type { FastifyInstance } from 'fastify';
import { AppError, forbidden } from '../../errors';
import { type ImageSlot, type StoredImage, storeImage } from '../../lib/images';
import type { UserRow } from '../../plugins/auth';
import { Gate, GateFullError } from '../search/search-gate';
import { insertUpload } from './uploads.repository';

export type UploadDeps = Pick<FastifyInstance, 'db' | 'storage' | 'rateLimiter'> & { imageSlot: ImageSlot };

/** Seconds a client told "too many images at once" waits before trying again. */
export const IMAGES_BUSY_RETRY_SECONDS = 5;

/**
 * The queue of image resizing: `concurrency` images at once, `queue` more waiting; past that, 503 "imagesBusy"
 * with Retry-After (per process: it protects this process's worker threads).
 */
export function imageQueue(concurrency: number, queue: number): ImageSlot {
  const gate = new Gate(concurrency, queue);
  return async (task) => {
    try {
      return await gate.run(task);
    } catch (error) {
      if (!(error instanceof GateFullError)) throw error;
      throw new AppError(503, { global: { key: 'imagesBusy' } }, { 'retry-after': String(IMAGES_BUSY_RETRY_SECONDS) });
    }
  };
}

export const UPLOAD_LIMIT = { limit: 60, windowMs: 60 * 60_000 };

/** At most 60 uploads an hour per user; checked before the body is read. */
export async function consumeUploadQuota(deps: Pick<UploadDeps, 'rateLimiter'>, user: UserRow): Promise<void> {
  await deps.rateLimiter.consume({ key: `upload:${user.id}`, ...UPLOAD_LIMIT });
}

/** Only event-managers and administrators store event pictures; everyone signed in may store an avatar. */
export function canUploadTo(user: UserRow, folder: UploadFolder): boolean {
  return folder === 'users' || user.isAdmin || user.type === 'event-manager';
}

/** POST /connected/globals/upload: stores the image and records who uploaded it. */
export async function uploadImage(
  deps: UploadDeps,
  user: UserRow,
  body: { folder: UploadFolder; file: Uint8Array },
): Promise<StoredImage> {
  if (!canUploadTo(user, body.folder)) throw forbidden();
  const data = Buffer.isBuffer(body.file) ? body.file : Buffer.from(body.file);
  const stored = await storeImage(data, body.folder, deps.storage, deps.imageSlot);
  await insertUpload(deps.db, { userId: user.id, folder: body.folder, path: stored.path, formats: stored.formats });
  return stored;
}
