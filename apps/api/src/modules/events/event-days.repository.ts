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
