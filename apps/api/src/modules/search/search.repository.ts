/**
 * Search queries: the events version (what the cache is keyed by), the matching ids from the
 * `event_days` index, and when each loaded event's `isPast` flag will flip.
 */
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Executor } from '../../db/client';

/** What a cached answer depends on: the events version, and the database clock (for `isPast`). */
export type Stamp = { version: bigint; nowMs: number };

export type SearchQuery = {
  day: string;
  north: number;
  south: number;
  east: number;
  west: number;
  categoryId: number | null;
};

const VERSION_TEXT = `SELECT (SELECT value FROM app_meta WHERE key = 'events_version') AS version,
  (extract(epoch FROM now()) * 1000)::float8 AS now_ms`;

function toStamp(row: { version: string | null; now_ms: number } | undefined): Stamp {
  return { version: BigInt(row?.version ?? '0'), nowMs: Number(row?.now_ms ?? 0) };
}

/** The events version and the database clock, read on the pool as one prepared statement. */
export async function readStamp(pool: pg.Pool): Promise<Stamp> {
  const result = await pool.query<{ version: string | null; now_ms: number }>({
    name: 'evmap_search_stamp',
    text: VERSION_TEXT,
  });
  return toStamp(result.rows[0]);
}

/** The same inside a search transaction, setting its statement timeout (SET LOCAL) on the way. */
export async function beginSearch(tx: Executor, statementTimeoutMs: number): Promise<Stamp> {
  const result = await tx.execute<{ version: string | null; now_ms: number }>(sql`
    SELECT set_config('statement_timeout', ${String(statementTimeoutMs)}, true) AS timeout,
      (SELECT value FROM app_meta WHERE key = 'events_version') AS version,
      (extract(epoch FROM now()) * 1000)::float8 AS now_ms`);
  return toStamp(result.rows[0]);
}

/** The id query of a search (exported for EXPLAIN in the benchmark). */
export function matchingIdsSql(q: SearchQuery, limit: number): SQL {
  const category = q.categoryId === null ? sql`` : sql` AND category_id = ${q.categoryId}`;
  return sql`
    SELECT event_id AS id FROM event_days
    WHERE day = ${q.day}::date
      AND longitude BETWEEN ${q.west}::float8 AND ${q.east}::float8
      AND latitude BETWEEN ${q.south}::float8 AND ${q.north}::float8${category}
    ORDER BY event_id
    LIMIT ${limit}`;
}

/**
 * Ids of the events of `day` inside the bounds (and the category), by id, at most `limit`.
 * An index-only scan of event_days_bounds_idx (day, longitude, latitude, category_id, event_id).
 */
export async function matchingIds(tx: Executor, q: SearchQuery, limit: number): Promise<number[]> {
  const result = await tx.execute<{ id: number }>(matchingIdsSql(q, limit));
  return result.rows.map((r) => r.id);
}

/**
 * For each id, the epoch milliseconds after which its `isPast` becomes true (the latest end in its zone),
 * or null when it is already past (it cannot flip back without a write, which raises the version).
 */
export async function pastFlips(tx: Executor, ids: number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const result = await tx.execute<{ id: number; flip: number | null }>(sql`
    SELECT id, CASE WHEN last_ends_at IS NULL OR last_ends_at < (now() AT TIME ZONE time_zone) THEN NULL
      ELSE (extract(epoch FROM (last_ends_at AT TIME ZONE time_zone)) * 1000)::float8 END AS flip
    FROM events WHERE id = ANY(${sql.param(ids)}::int[])`);
  return new Map(result.rows.map((r) => [r.id, r.flip === null ? null : Number(r.flip)]));
}
