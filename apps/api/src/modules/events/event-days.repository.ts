/**
 * Keeps the search index `event_days` in step with events: one row per day that one of an event's
 * dates touches (wall-clock days), for active, not deleted events that have coordinates, with a copy of the event's
 * text search document (events.search_document, a generated column: migration 0010), the instants of the earliest
 * start and latest end (or start) of its dates touching the day (for "now"), and what its map marker shows (titles,
 * handle, cover image, start minute: migration 0017), so that the marker query reads this table alone.
 * Call it in the same transaction as any write to an event, its dates, place, category or state.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Writes the event_days rows of `eventIds` (rows already there are kept: ON CONFLICT DO NOTHING); answers how many
 * it wrote. Part of refreshEventDays; the seed calls it alone for events that have no rows yet.
 */
export async function insertEventDays(db: Executor, eventIds: number[]): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO event_days (day, event_id, category_id, latitude, longitude, access, search_document, starts_at, ends_at,
      title_fr, title_en, handle, image_path, image_formats, start_minute)
    SELECT s.day, s.id, s.category_id, s.latitude, s.longitude, s.access, s.search_document, s.starts_at, s.ends_at,
      s.title_fr, s.title_en, s.handle, cover.image_path, cover.formats,
      CASE WHEN (s.starts_at AT TIME ZONE s.time_zone)::date < s.day THEN -1
        ELSE (extract(hour FROM s.starts_at AT TIME ZONE s.time_zone) * 60
          + extract(minute FROM s.starts_at AT TIME ZONE s.time_zone))::int
      END
    FROM (
      SELECT g.day::date AS day, e.id, e.category_id, e.latitude, e.longitude, e.access, e.search_document,
        e.title_fr, e.title_en, COALESCE(e.handle, e.uuid::text) AS handle, e.time_zone,
        min(d.start_date AT TIME ZONE e.time_zone) AS starts_at,
        max(COALESCE(d.end_date, d.start_date) AT TIME ZONE e.time_zone) AS ends_at
      FROM events e
      JOIN event_dates d ON d.event_id = e.id
      CROSS JOIN LATERAL generate_series(
        d.start_date::date,
        -- an end at midnight closes the previous day
        GREATEST(d.start_date::date, (COALESCE(d.end_date, d.start_date) - interval '1 second')::date),
        interval '1 day'
      ) AS g(day)
      WHERE e.id = ANY(${sql.param(eventIds)}::int[])
        AND e.active AND e.deleted_at IS NULL
        AND e.latitude IS NOT NULL AND e.longitude IS NOT NULL
      GROUP BY g.day::date, e.id
    ) s
    LEFT JOIN LATERAL (
      SELECT i.image_path, i.formats FROM event_images i WHERE i.event_id = s.id ORDER BY i.order_idx LIMIT 1
    ) cover ON true
    ON CONFLICT DO NOTHING`);
  return result.rowCount ?? 0;
}

export async function refreshEventDays(db: Executor, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  // One array parameter: any number of ids (bind parameters stop at 65,535).
  const ids = sql`${sql.param(eventIds)}::int[]`;
  // The events first (a save has usually locked its event already): the map order's move of their rows
  // (event-days-order.ts) then either waits for this transaction or has ended, never half done under it.
  await db.execute(sql`SELECT id FROM events WHERE id = ANY(${ids}) ORDER BY id FOR NO KEY UPDATE`);
  // What the events covered before: the search caches drop the answers of those days and places (eventsChanged()
  // gives these rows their version, with the events' new rows).
  await db.execute(sql`
    WITH removed AS (DELETE FROM event_days WHERE event_id = ANY(${ids}) RETURNING event_id, day, latitude, longitude)
    INSERT INTO event_changes (event_id, days, latitude, longitude)
    SELECT event_id, array_agg(to_char(day, 'YYYY-MM-DD')), latitude, longitude FROM removed
    GROUP BY event_id, latitude, longitude`);
  await insertEventDays(db, eventIds);
  await db.execute(sql`
    UPDATE events e SET last_ends_at = (
      SELECT max(COALESCE(d.end_date, d.start_date)) FROM event_dates d WHERE d.event_id = e.id
    )
    WHERE e.id = ANY(${ids})`);
}

/** Rows the map order moves per transaction (event-days-order.ts): a save of one of them waits for one such move. */
export const EVENT_DAYS_CHUNK_ROWS = 2000;

/** Where a day's move has reached: the last (tile key, event id) of the rows already looked at. */
export type OrderCursor = { tileKey: number; eventId: number };

/**
 * Moves the next `rows` rows of `day` after `cursor` in key order; call it in a transaction (the events' locks
 * last until it ends). Answers how many rows it moved, how many it left (their event held by a save), and the cursor
 * of the next chunk (undefined once the day is done).
 */
export async function moveEventDaysChunk(
  tx: Executor,
  day: string,
  cursor: OrderCursor,
  rows = EVENT_DAYS_CHUNK_ROWS,
): Promise<{ moved: number; skipped: number; next?: OrderCursor }> {
  const batch = await tx.execute<{ event_id: number; tile_key: number }>(sql`
    SELECT event_id, evmap_tile_key(longitude, latitude) AS tile_key FROM event_days
    WHERE day = ${day}::date
      AND (evmap_tile_key(longitude, latitude), event_id) > (${cursor.tileKey}::int, ${cursor.eventId}::int)
    ORDER BY evmap_tile_key(longitude, latitude), event_id
    LIMIT ${rows}`);
  const last = batch.rows.at(-1);
  if (!last) return { moved: 0, skipped: 0 };
  const ids = sql`${sql.param(batch.rows.map((row) => row.event_id))}::int[]`;
  const locked = await tx.execute<{ id: number }>(
    sql`SELECT id FROM events WHERE id = ANY(${ids}) ORDER BY id FOR SHARE SKIP LOCKED`,
  );
  const lockedIds = locked.rows.map((row) => row.id);
  // A statement after the locks: its snapshot holds every save committed before them, and none can start on these
  // events until this transaction ends. Only the rows it deletes are written back, so nothing is ever doubled.
  const moved = await tx.execute(sql`
    WITH moved AS (
      DELETE FROM event_days WHERE day = ${day}::date AND event_id = ANY(${sql.param(lockedIds)}::int[]) RETURNING *
    )
    INSERT INTO event_days SELECT * FROM moved ORDER BY evmap_tile_key(longitude, latitude), event_id`);
  const next = batch.rows.length < rows ? undefined : { tileKey: last.tile_key, eventId: last.event_id };
  return { moved: moved.rowCount ?? 0, skipped: batch.rows.length - lockedIds.length, next };
}

/** The text index of event_days (migration 0010): a GIN index, which rewritten rows leave bloated and slow. */
const TEXT_INDEX = 'event_days_search_document_idx';

/**
 * Rebuilds the text index of event_days without blocking reads or writes (REINDEX CONCURRENTLY), after the map order
 * has moved most rows: PostgreSQL keeps the moved rows' old entries' pages, and at 100,000 events the index grew from
 * 10 to 26-33 MB and its scan for "concerts de musique" from 3 to 8-31 ms (docs/search-speed.md). Call it outside a
 * transaction, on a connection of its own (`db`): it waits for no statement timeout, and a rebuild cut short (a
 * cancel, a crash) leaves an invalid copy, dropped here the next time.
 */
export async function rebuildEventDaysTextIndex(db: Executor): Promise<void> {
  const leftovers = await db.execute<{ name: string }>(sql`
    SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = 'event_days'::regclass AND NOT i.indisvalid AND c.relname LIKE ${`${TEXT_INDEX}_cc%`}`);
  await db.execute(sql`SET statement_timeout = 0`);
  try {
    for (const { name } of leftovers.rows)
      await db.execute(sql`DROP INDEX CONCURRENTLY IF EXISTS ${sql.identifier(name)}`);
    await db.execute(sql`REINDEX INDEX CONCURRENTLY ${sql.identifier(TEXT_INDEX)}`);
  } finally {
    await db.execute(sql`RESET statement_timeout`);
  }
}
