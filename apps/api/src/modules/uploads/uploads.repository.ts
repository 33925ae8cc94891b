/** Queries on uploads. */
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema/uploads';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Executor, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

/** The upload at `path` of the user in `folder`. */
export async function findOwnUpload(
  db: Executor,
  userId: number,
  folder: UploadRow['folder'],
  path: string,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.path, path), eq(uploads.userId, userId), eq(uploads.folder, folder)));
  return row;
}

/**
 * The uploads of `paths` not discarded (in `folder`, of `userId`, when given), read FOR SHARE until the
 * transaction ends: the uploads' collection job skips them meanwhile (uploads-gc.ts).
 */
export function holdUploads(
  tx: Executor,
  paths: string[],
  only: { folder?: UploadRow['folder']; userId?: number } = {},
): Promise<Array<Pick<UploadRow, 'path' | 'formats'>>> {
  return tx
    .select({ path: uploads.path, formats: uploads.formats })
    .from(uploads)
    .where(
      and(
        inArray(uploads.path, paths),
        isNull(uploads.discardedAt),
        only.folder === undefined ? undefined : eq(uploads.folder, only.folder),
        only.userId === undefined ? undefined : eq(uploads.userId, only.userId),
      ),
    )
    .orderBy(uploads.id)
    .for('share');
}

/** Which uploads a collection looks at: these paths, this user's, or those past the grace time or of deleted users. */
export type UploadScope = { paths: string[] } | { userId: number } | { createdBefore: Date };

function scopeSql(scope: UploadScope): SQL {
  if ('paths' in scope) return sql`u.path = ANY(${sql.param(scope.paths)}::text[])`;
  if ('userId' in scope) return sql`u.user_id = ${scope.userId}`;
  return sql`(u.created_at <= ${scope.createdBefore.toISOString()}::timestamptz
    OR EXISTS (SELECT 1 FROM users o WHERE o.id = u.user_id AND o.deleted_at IS NOT NULL))`;
}

/** Whether some not-deleted event or user refers to upload `u` (SQL, for an `uploads u` row). */
const used = sql`(
  EXISTS (SELECT 1 FROM event_images ei JOIN events e ON e.id = ei.event_id
          WHERE ei.image_path = u.path AND e.deleted_at IS NULL)
  OR EXISTS (SELECT 1 FROM users x WHERE x.image_path = u.path AND x.deleted_at IS NULL))`;

/** Locks (skipping rows others hold) and answers the ids of at most `limit` unused, not discarded uploads in scope. */
export async function claimUnused(tx: Executor, scope: UploadScope, limit: number): Promise<number[]> {
  const claimed = await tx.execute<{ id: number }>(sql`
    SELECT u.id FROM uploads u
    WHERE u.discarded_at IS NULL AND ${scopeSql(scope)} AND NOT ${used}
    ORDER BY u.id LIMIT ${limit}
    FOR UPDATE SKIP LOCKED`);
  return claimed.rows.map((r) => r.id);
}

/** Marks discarded those of `ids` still unused (checked again in this statement); answers how many. */
export async function discardIfUnused(tx: Executor, ids: number[]): Promise<number> {
  const discarded = await tx.execute<{ id: number }>(sql`
    UPDATE uploads u SET discarded_at = now()
    WHERE u.id = ANY(${sql.param(ids)}::int[]) AND NOT ${used}
    RETURNING u.id`);
  return discarded.rows.length;
}

/** Locks (skipping rows others hold) and answers at most `limit` discarded uploads, not those of `skip`. */
export async function claimDiscarded(
  tx: Executor,
  skip: number[],
  limit: number,
): Promise<Array<Pick<UploadRow, 'id' | 'path' | 'formats'>>> {
  const claimed = await tx.execute<{ id: number; path: string; formats: number[] }>(sql`
    SELECT id, path, formats FROM uploads
    WHERE discarded_at IS NOT NULL AND NOT (id = ANY(${sql.param(skip)}::int[]))
    ORDER BY id LIMIT ${limit}
    FOR UPDATE SKIP LOCKED`);
  return claimed.rows;
}

export async function deleteUploads(tx: Executor, ids: number[]): Promise<void> {
  await tx.execute(sql`DELETE FROM uploads WHERE id = ANY(${sql.param(ids)}::int[])`);
}

/** Deletes at most `limit` image rows of deleted events; answers how many. */
export async function deleteImagesOfDeletedEvents(db: Executor, limit: number): Promise<number> {
  const removed = await db.execute<{ id: number }>(sql`
    DELETE FROM event_images WHERE id IN (
      SELECT ei.id FROM event_images ei JOIN events e ON e.id = ei.event_id
      WHERE e.deleted_at IS NOT NULL LIMIT ${limit})
    RETURNING id`);
  return removed.rows.length;
}
