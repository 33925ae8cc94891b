/**
 * Search queries: the events version (what the cache is keyed by), the matching ids from the
 * `event_days` index, and when each loaded event's `isPast` flag will flip.
 */

import { PROVINCES } from '@evmap/contract/enums';
import { DAY_NOW, NOW_AHEAD_HOURS } from '@evmap/contract/events';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { EVENTS_VERSION_TEXT } from '../../db/app-meta';
import type { Executor } from '../../db/client';

/** What one events version changed: the event, and a day set and place it covered (before or after the write). */
export type EventChange = {
  version: bigint;
  eventId: number;
  days: string[];
  latitude: number | null;
  longitude: number | null;
};

/**
 * What a cached answer depends on: the events version, and the database clock (for `isPast`). `changes`: what the
 * versions after the one asked about changed, or undefined when not read (too far behind, or nothing asked).
 */
export type Stamp = { version: bigint; nowMs: number; changes?: EventChange[] };

export type SearchQuery = {
  /** A calendar day (YYYY-MM-DD), or DAY_NOW. */
  day: string;
  north: number;
  south: number;
  east: number;
  west: number;
  categoryId: number | null;
  /** The access mask every event must hold all of (0: no filter). */
  access: number;
  /** Words to find (trimmed, not empty), or null. */
  text: string | null;
};

/** Past this many versions behind, an instance empties its caches instead of reading what changed. */
export const MAX_CHANGES_READ = 1000;

function toStamp(row: { version: string | null; now_ms: number } | undefined): Stamp {
  return { version: BigInt(row?.version ?? '0'), nowMs: Number(row?.now_ms ?? 0) };
}

// One snapshot for the version and the changes before it (every version's rows commit with it).
const STAMP_TEXT = `WITH v AS (
    SELECT COALESCE(${EVENTS_VERSION_TEXT}, '0')::bigint AS version
  )
  SELECT v.version::text AS version, (extract(epoch FROM now()) * 1000)::float8 AS now_ms,
    CASE WHEN $1::bigint >= 0 AND v.version - $1::bigint <= ${MAX_CHANGES_READ} THEN
      (SELECT COALESCE(json_agg(json_build_object('v', c.version, 'e', c.event_id, 'd', c.days,
        'la', c.latitude, 'lo', c.longitude)), '[]')
       FROM event_changes c WHERE c.version > $1::bigint AND c.version <= v.version)
    END AS changes
  FROM v`;

type RawChange = { v: number; e: number; d: string[]; la: number | null; lo: number | null };

/**
 * The events version and the database clock, read on the pool as one prepared statement, with what changed in
 * the versions after `known` (none read when `known` is negative or too far behind).
 */
export async function readStamp(pool: pg.Pool, known = -1n): Promise<Stamp> {
  const result = await pool.query<{ version: string; now_ms: number; changes: RawChange[] | null }>({
    name: 'evmap_search_stamp_changes',
    text: STAMP_TEXT,
    values: [known.toString()],
  });
  const row = result.rows[0];
  const changes = row?.changes?.map((c) => ({
    version: BigInt(c.v),
    eventId: c.e,
    days: c.d,
    latitude: c.la,
    longitude: c.lo,
  }));
  return { ...toStamp(row), ...(changes ? { changes } : {}) };
}

/**
 * A read-only REPEATABLE READ transaction on a connection of its own, for `work` to read in one snapshot: begun in the
 * same round trip as its first read (the events version and the clock, with the statement timeout set for the
 * transaction), and committed without `work`'s result waiting for it (a read-only transaction has nothing to make
 * durable; the connection returns to the pool once the COMMIT is answered). Two round trips fewer than a transaction
 * of drizzle's (BEGIN, then the first read; COMMIT before answering).
 */
export async function inSnapshot<T>(
  pool: pg.Pool,
  statementTimeoutMs: number,
  work: (tx: Executor, stamp: Stamp) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let value: T;
  try {
    // No parameters: one simple-protocol message holding both statements (the timeout is a whole number of ours).
    const results = (await client.query(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
      SELECT set_config('statement_timeout', '${Math.trunc(statementTimeoutMs)}', true) AS timeout,
        ${EVENTS_VERSION_TEXT} AS version, (extract(epoch FROM now()) * 1000)::float8 AS now_ms`)) as unknown as Array<
      pg.QueryResult<{ version: string | null; now_ms: number }>
    >;
    value = await work(drizzle(client) as unknown as Executor, toStamp(results[1]?.rows[0]));
  } catch (error) {
    // A failed statement leaves the transaction aborted: rolled back before the connection is reused.
    await client.query('ROLLBACK').then(
      () => client.release(),
      (rollbackError: Error) => client.release(rollbackError),
    );
    throw error;
  }
  client.query('COMMIT').then(
    () => client.release(),
    (error: Error) => client.release(error),
  );
  return value;
}

/** The zones events are in (each province's: event writes set it from the state). */
const EVENT_ZONES = [...new Set(Object.values(PROVINCES))];

/**
 * The days of the `event_days` rows (alias `d`) that may hold the query's events. For "now": the local dates, in every
 * events' zone, of this moment and of NOW_AHEAD_HOURS later (one or two days), the exact condition being nowSql().
 */
export function daySql(day: string): SQL {
  if (day !== DAY_NOW) return sql`d.day = ${day}::date`;
  return sql`d.day = ANY(ARRAY(
    SELECT DISTINCT v.at::date FROM unnest(${sql.param(EVENT_ZONES)}::text[]) AS z(zone)
    CROSS JOIN LATERAL (VALUES (now() AT TIME ZONE z.zone),
      ((now() AT TIME ZONE z.zone) + make_interval(hours => ${NOW_AHEAD_HOURS}))) AS v(at)))`;
}

/**
 * "Now" for the `event_days` row `d`, in its event's own zone (dates are wall-clock there): one of its dates is in
 * progress (started, not ended) or starts within NOW_AHEAD_HOURS. A date without an end is a moment: only its start
 * counts. First the row's span of that day (starts_at, ends_at: instants; NULL in rows a previous version wrote),
 * which any such date lies in; then, for the rows it keeps, the exact test on the event's dates.
 */
export function nowSql(): SQL {
  const local = sql`(now() AT TIME ZONE e.time_zone)`;
  const ahead = sql`make_interval(hours => ${NOW_AHEAD_HOURS})`;
  return sql`(d.starts_at IS NULL OR (d.starts_at <= now() + ${ahead} AND d.ends_at >= now()))
    AND EXISTS (
    SELECT 1 FROM events e JOIN event_dates t ON t.event_id = e.id
    WHERE e.id = d.event_id
      AND t.start_date <= ${local} + ${ahead}
      AND (t.start_date >= ${local} OR t.end_date > ${local}))`;
}

/**
 * The text as a query of both languages (each over accent-free text, as the documents are): what either finds.
 * websearch_to_tsquery never fails on its input (quotes, operators, punctuation are read as words or ignored);
 * a text with no word left (only punctuation or stop words) finds nothing.
 */
export function textQuerySql(text: string): SQL {
  const fr = sql`websearch_to_tsquery('pg_catalog.french'::regconfig, public.evmap_unaccent(${text}::text))`;
  const en = sql`websearch_to_tsquery('pg_catalog.english'::regconfig, public.evmap_unaccent(${text}::text))`;
  // One query when both languages read the words alike ("montreal", "jazz", "concerts"): `'montreal' | 'montreal'`
  // makes PostgreSQL test the text again on every row the index finds (for "montreal" over Montréal, 2,000 rows:
  // 0.7 ms of 6 in the marker tile). Planned as a constant either way (immutable functions of the text).
  return sql`(CASE WHEN ${fr} = ${en} THEN ${fr} ELSE ${fr} || ${en} END)`;
}

/**
 * The two ways an `event_days` row `d` matches the text query `query`, each indexable (an OR of the two would make
 * PostgreSQL test every row of the day and bounds): its copy of the event's document (GIN index
 * event_days_search_document_idx), or its event is one of an organiser whose business name matches (users'
 * name_document, GIN; their events by events_creator_idx, then event_days_event_idx).
 */
export function textMatchesSql(query: SQL): [SQL, SQL] {
  return [
    sql`d.search_document @@ ${query}`,
    sql`d.event_id = ANY(ARRAY(SELECT x.id FROM events x WHERE x.creator_id = ANY(
      ARRAY(SELECT o.id FROM users o WHERE o.name_document @@ ${query}))))`,
  ];
}

/** The id query of a search (exported for EXPLAIN in the benchmark). */
export function matchingIdsSql(q: SearchQuery, limit: number): SQL {
  const category = q.categoryId === null ? sql`` : sql` AND d.category_id = ${q.categoryId}`;
  // "access <> 0" lets the planner use event_days_access_idx (only events with an attribute).
  const access = q.access === 0 ? sql`` : sql` AND d.access <> 0 AND d.access & ${q.access}::int = ${q.access}::int`;
  const now = q.day === DAY_NOW ? sql` AND ${nowSql()}` : sql``;
  // "Now" covers several days: an event once.
  const distinct = q.day === DAY_NOW ? sql`DISTINCT ` : sql``;
  const rank = q.text === null ? sql`` : sql`, ts_rank(d.search_document, ${textQuerySql(q.text)}) AS rank`;
  const candidates = sql`
    SELECT ${distinct}d.event_id AS id${rank} FROM event_days d
    WHERE ${daySql(q.day)}
      AND d.longitude BETWEEN ${q.west}::float8 AND ${q.east}::float8
      AND d.latitude BETWEEN ${q.south}::float8 AND ${q.north}::float8${category}${access}${now}`;
  if (q.text === null) {
    return sql`
    ${candidates}
    ORDER BY id
    LIMIT ${limit}`;
  }
  // With text: for each way to match, PostgreSQL ANDs its bitmap with the day-and-bounds one; the organiser's half
  // leaves out the rows the first one has (UNION ALL of disjoint halves: no de-duplication of thousands of rows; an
  // event's rows all match its document or none does, so an event is in one half). Ranked by relevance (titles weigh most, then descriptions, then
  // place; an event found by its organiser's name alone comes after), then by id.
  const [own, organiser] = textMatchesSql(textQuerySql(q.text));
  return sql`
    SELECT c.id FROM (${candidates} AND ${own} UNION ALL ${candidates} AND ${organiser} AND (${own}) IS NOT TRUE) AS c
    ORDER BY c.rank DESC NULLS LAST, c.id
    LIMIT ${limit}`;
}

/**
 * Ids of the events of `day` inside the bounds (and the category, and the text), at most `limit`: by id, or by
 * relevance with a text. Without text and "now", an index-only scan of event_days_bounds_idx (day, longitude,
 * latitude, category_id, event_id).
 */
export async function matchingIds(tx: Executor, q: SearchQuery, limit: number): Promise<number[]> {
  // One row, the ids joined in the query's order (an aggregate of a sorted subquery keeps its order, as PostgreSQL's
  // manual says of string_agg): a city's 3,000 rows cost the driver more than the query, and were 60% of the
  // garbage the search made.
  const result = await tx.execute<{ ids: string | null }>(
    sql`SELECT string_agg(m.id::text, ',') AS ids FROM (${matchingIdsSql(q, limit)}) AS m`,
  );
  return parseIdList(result.rows[0]?.ids ?? '');
}

/** "12,7,40" → [12, 7, 40] (positive whole numbers, as PostgreSQL writes them). */
export function parseIdList(text: string): number[] {
  const ids: number[] = [];
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 44) {
      ids.push(value);
      value = 0;
    } else value = value * 10 + (code - 48);
  }
  if (text.length > 0) ids.push(value);
  return ids;
}
