/** Queries on users. */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id'>>;

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** `email` must already be trimmed and lower-cased. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Any plan given (a trial, or a plan that skips it) uses the account's one free trial for good. */
const withTrialUse = <T extends UserPatch>(values: T): T => (values.planType ? { ...values, trialUsed: true } : values);

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(withTrialUse(values)).returning();
  return row!;
}

export async function updateUser(db: Executor, id: number, patch: UserPatch): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...withTrialUse(patch), updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** Moves the users' id sequence past the largest id (after an insert that chose its id). */
export async function syncUserIds(db: Executor): Promise<void> {
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('users', 'id'), GREATEST((SELECT max(id) FROM users), 1))`);
}

/** Raises the token version: every token issued before stops working. */
export async function revokeTokens(db: Executor, id: number): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/**
 * Marks as notified at most `limit` users whose trial ended between `since` and `now` and who were not told of it
 * yet (rows another instance holds are skipped), and answers whom to tell.
 */
export async function markTrialNotices(
  db: Executor,
  now: Date,
  since: Date,
  limit: number,
): Promise<{ email: string; preferred_lang: string }[]> {
  const result = await db.execute<{ email: string; preferred_lang: string }>(sql`
    UPDATE users SET trial_notice_sent_at = ${now.toISOString()}::timestamptz
    WHERE id IN (
      SELECT id FROM users
      WHERE plan_type = 'trial' AND deleted_at IS NULL
        AND trial_ended_at <= ${now.toISOString()}::timestamptz
        AND trial_ended_at > ${since.toISOString()}::timestamptz
        AND (trial_notice_sent_at IS NULL OR trial_notice_sent_at < trial_ended_at)
      ORDER BY id LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING email, preferred_lang`);
  return result.rows;
}
