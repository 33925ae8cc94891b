/** Queries on rate_limits: the PostgreSQL store of the rate limits (rate-limiter.ts). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

export type StoredWindow = { count: number; resetAt: number };

const toWindow = (row: { count: number; reset_at: number }): StoredWindow => ({
  count: Number(row.count),
  resetAt: Number(row.reset_at),
});

/** Counts one hit on `key` at `now` (a window ended by then starts again) and answers the window after it. */
export async function hitWindow(db: Executor, key: string, windowMs: number, now: number): Promise<StoredWindow> {
  const result = await db.execute<{ count: number; reset_at: number }>(sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${now + windowMs})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${now + windowMs} ELSE rate_limits.reset_at END
    RETURNING count, reset_at`);
  return toWindow(result.rows[0]!);
}

/** The window of `key` still open at `now`, if any. */
export async function readWindow(db: Executor, key: string, now: number): Promise<StoredWindow | undefined> {
  const result = await db.execute<{ count: number; reset_at: number }>(
    sql`SELECT count, reset_at FROM rate_limits WHERE key = ${key} AND reset_at > ${now}`,
  );
  const row = result.rows[0];
  return row ? toWindow(row) : undefined;
}

export async function deleteWindow(db: Executor, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Deletes the windows ended before `now`. */
export async function sweepWindows(db: Executor, now: number): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < ${now}`);
}
