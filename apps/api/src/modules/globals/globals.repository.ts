import { CATEGORIES } from '@evmap/contract/globals';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories } from '../../db/schema/categories';

export function listCategories(db: Executor) {
  return db
    .select({ id: categories.id, handle: categories.handle, titleFr: categories.titleFr, titleEn: categories.titleEn })
    .from(categories)
    .orderBy(asc(categories.id));
}

/** Creates or refreshes the six categories of the contract (run at every start; idempotent). */
export async function upsertCategories(db: Executor): Promise<void> {
  await db
    .insert(categories)
    .values([...CATEGORIES])
    .onConflictDoUpdate({
      target: categories.handle,
      set: { titleFr: sql`excluded.title_fr`, titleEn: sql`excluded.title_en` },
    });
}

export async function categoryExists(db: Executor, id: number): Promise<boolean> {
  const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return found !== undefined;
}
