/**
 * app_meta, the instance's keyed values. Among them the events version: a counter raised in the same transaction as every event write (eventsChanged),
 * what the search and admin caches are keyed by. Read here only, as a scalar subquery the readers embed so that
 * the version and what they read come from one snapshot.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { appMeta } from './schema/app-meta';

/** The version as SQL text: a scalar subquery, NULL before the first event write. */
export const EVENTS_VERSION_TEXT = "(SELECT value FROM app_meta WHERE key = 'events_version')";

/** The same as a Drizzle fragment. */
export const eventsVersionSql = sql.raw(EVENTS_VERSION_TEXT);

/** The events version as stored ('0' before the first event write). */
export async function readEventsVersion(db: Executor): Promise<string> {
  const result = await db.execute<{ value: string | null }>(sql`SELECT ${eventsVersionSql} AS value`);
  return result.rows[0]?.value ?? '0';
}

/** The value stored under `key`, if any. */
export async function readMeta(db: Executor, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  return row?.value;
}

/** Stores `value` under `key` (a new key: an existing one is an error). */
export async function insertMeta(db: Executor, key: string, value: string): Promise<void> {
  await db.insert(appMeta).values({ key, value });
}
