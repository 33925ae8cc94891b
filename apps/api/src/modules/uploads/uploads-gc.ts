/**
 * Deleting images nobody uses. An upload is **used** while a not-deleted event shows it (event_images) or a
 * not-deleted user has it as avatar (users.image_path). An unused upload is collected once it is older than
 * UPLOAD_GRACE_MS (an image uploaded into a form being filled is not lost), at once when its uploader's account
 * is deleted, and right after the event or account deletion that left it unused.
 *
 * Two steps, so that a crash at any point loses nothing and leaves nothing attachable without its files:
 * 1. discard: in a transaction, the candidates are claimed with FOR UPDATE SKIP LOCKED, checked unused again in a
 *    new statement (which sees every write committed before it), and marked `discarded_at`. Writers that attach an
 *    upload (event images, avatar) read it FOR SHARE and only when not discarded, so an upload being attached is
 *    either skipped here (locked) or refused there (discarded): never both attached and deleted.
 * 2. purge: discarded rows are claimed with FOR UPDATE SKIP LOCKED, their files deleted from the storage (local or
 *    S3), then the rows. A failed storage call leaves the row discarded for the next run.
 * Several instances run the job at once without double work: each row is claimed by one of them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { imageKey } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import {
  claimDiscarded,
  claimUnused,
  deleteImagesOfDeletedEvents,
  deleteUploads,
  discardIfUnused,
  type UploadScope,
} from './uploads.repository';

/** How long an unused upload is kept: long enough for a form being filled to be saved. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60_000;
const BATCH = 100;

export type UploadsGcDeps = { db: Database; storage: FileStorage; log: FastifyBaseLogger };
export type UploadsGcReport = { discarded: number; purged: number; detachedImages: number };

/**
 * Discards (step 1) at most `limit` uploads in `scope` that nobody uses, in `tx`; rows another transaction holds
 * are skipped (the job comes back for them). Answers how many were claimed and how many of those were discarded.
 */
async function discardBatch(
  tx: Executor,
  scope: UploadScope,
  limit = BATCH,
): Promise<{ claimed: number; discarded: number }> {
  const ids = await claimUnused(tx, scope, limit);
  if (ids.length === 0) return { claimed: 0, discarded: 0 };
  return { claimed: ids.length, discarded: await discardIfUnused(tx, ids) };
}

/** Every unused upload matching `scope`, discarded in `tx` (skipping rows other transactions hold). */
export async function discardUnused(tx: Executor, scope: UploadScope): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await discardBatch(tx, scope);
    total += batch.discarded;
    if (batch.claimed < BATCH) return total;
  }
}

/** The unused uploads of these paths (an event's former images), discarded in `tx`. */
export async function discardPaths(tx: Executor, paths: string[]): Promise<number> {
  if (paths.length === 0) return 0;
  return discardUnused(tx, { paths });
}

/** Every unused upload of a user (an account being deleted), discarded in `tx`. */
export function discardUserUploads(tx: Executor, userId: number): Promise<number> {
  return discardUnused(tx, { userId });
}

/** Step 2: deletes the files then the rows of discarded uploads. Answers how many were deleted. */
export async function purgeDiscarded(deps: UploadsGcDeps): Promise<number> {
  let purged = 0;
  const failed: number[] = [];
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const claimed = await claimDiscarded(tx, failed, BATCH);
      const done: number[] = [];
      for (const row of claimed) {
        try {
          for (const width of row.formats) await deps.storage.remove(imageKey(row.path, width));
          done.push(row.id);
        } catch (error) {
          failed.push(row.id);
          deps.log.error({ err: error, uploadId: row.id }, 'upload files not deleted');
        }
      }
      if (done.length > 0) await deleteUploads(tx, done);
      return { claimed: claimed.length, done: done.length };
    });
    purged += batch.done;
    if (batch.claimed < BATCH) return purged;
  }
}

/** Deletes now what the deletions of a request left discarded; a failure is logged and left to the job. */
export async function purgeNow(deps: UploadsGcDeps): Promise<void> {
  try {
    await purgeDiscarded(deps);
  } catch (error) {
    deps.log.error({ err: error }, 'uploads purge failed');
  }
}

/**
 * One run of the job at `now`: forgets the images of deleted events (rows kept from before images were removed
 * with their event), discards the unused uploads past the grace period or of deleted accounts, then purges.
 */
export async function collectUploads(deps: UploadsGcDeps, now = new Date()): Promise<UploadsGcReport> {
  let detachedImages = 0;
  for (;;) {
    const removed = await deleteImagesOfDeletedEvents(deps.db, BATCH * 5);
    detachedImages += removed;
    if (removed < BATCH * 5) break;
  }
  const scope = { createdBefore: new Date(now.getTime() - UPLOAD_GRACE_MS) };
  let discarded = 0;
  for (;;) {
    const batch = await deps.db.transaction((tx) => discardBatch(tx, scope));
    discarded += batch.discarded;
    if (batch.claimed < BATCH) break;
  }
  return { discarded, purged: await purgeDiscarded(deps), detachedImages };
}
