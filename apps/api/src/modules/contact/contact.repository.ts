/** Queries on contact messages. */
import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema/contact-messages';

export async function insertContactMessage(
  db: Executor,
  values: typeof contactMessages.$inferInsert,
): Promise<typeof contactMessages.$inferSelect> {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}
