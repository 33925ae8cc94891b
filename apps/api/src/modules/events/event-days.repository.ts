/**
 * Keeps the search index `event_days` in step with events: one row per day that one of an event's
 * dates touches (wall-clock days), for active, not deleted events that have coordinates.
 * Call it in the same transaction as any write to an event, its dates, place, category or state.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export async function refreshEventDays(db: Executor, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  // One array parameter: any number of ids (bind parameters stop at 65,535).
  const ids = sql`${sql.param(eventIds)}::int[]`;
  await db.execute(sql`DELETE FROM event_days WHERE event_id = ANY(${ids})`);
  await db.execute(sql`
    INSERT INTO event_days (day, event_id, category_id, latitude, longitude)
    SELECT DISTINCT g.day::date, e.id, e.category_id, e.latitude, e.longitude
    FROM events e
    JOIN event_dates d ON d.event_id = e.id
    CROSS JOIN LATERAL generate_series(
      d.start_date::date,
      -- an end at midnight closes the previous day
      GREATEST(d.start_date::date, (COALESCE(d.end_date, d.start_date) - interval '1 second')::date),
      interval '1 day'
    ) AS g(day)
    WHERE e.id = ANY(${ids})
      AND e.active AND e.deleted_at IS NULL
      AND e.latitude IS NOT NULL AND e.longitude IS NOT NULL
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    UPDATE events e SET last_ends_at = (
      SELECT max(COALESCE(d.end_date, d.start_date)) FROM event_dates d WHERE d.event_id = e.id
    )
    WHERE e.id = ANY(${ids})`);
}
