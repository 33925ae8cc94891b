/** Queries on uploads. */
import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema/uploads';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Executor, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}
