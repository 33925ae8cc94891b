/** Queries on event_stats: daily counters of views and clicks per event. */
import { EVENT_STATS_MAX_ROWS } from '@evmap/contract/event-actions';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export type StatKind = { type: 'view' | 'btn_click'; value: string };
export type StatRow = { type: string; date: string; count: number; value: string };

/**
 * Counts one view or click of the active, not deleted event `uuid` on today's date in the event's zone;
 * a view also raises the event's view total. One statement, so concurrent hits never lose a count.
 * False when there is no such event.
 */
export async function countStat(db: Executor, uuid: string, stat: StatKind): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    WITH target AS (
      SELECT id, time_zone FROM events WHERE uuid = ${uuid}::uuid AND active AND deleted_at IS NULL
    ), counted AS (
      INSERT INTO event_stats (event_id, type, value, date, count)
      SELECT id, ${stat.type}, ${stat.value}, (now() AT TIME ZONE time_zone)::date, 1 FROM target
      ON CONFLICT (event_id, date, type, value) DO UPDATE SET count = event_stats.count + 1
      RETURNING event_id
    ), viewed AS (
      UPDATE events SET view_count = view_count + 1
      WHERE ${stat.type === 'view'} AND id IN (SELECT event_id FROM counted)
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM counted) AS found`);
  return result.rows[0]?.found === true;
}

/** The counters of an event, oldest day first (the latest EVENT_STATS_MAX_ROWS at most). */
export async function listStats(db: Executor, eventId: number): Promise<StatRow[]> {
  const result = await db.execute<StatRow>(sql`
    SELECT type, date, count, value FROM (
      SELECT type, to_char(date, 'YYYY-MM-DD') AS date, count, value FROM event_stats
      WHERE event_id = ${eventId}
      ORDER BY event_stats.date DESC, type, value
      LIMIT ${EVENT_STATS_MAX_ROWS}
    ) latest
    ORDER BY date, type, value`);
  return result.rows;
}

/**
 * The views of each not deleted event of `creatorId` over the last 7 days (today included, in the event's zone),
 * in one query for the whole list (the primary key's event_id prefix serves each event's days).
 */
export async function viewsLastSevenDays(
  db: Executor,
  creatorId: number,
): Promise<Array<{ eventId: number; lastSevenDays: number }>> {
  const result = await db.execute<{ eventId: number; lastSevenDays: number }>(sql`
    SELECT s.event_id AS "eventId", sum(s.count)::int AS "lastSevenDays"
    FROM events e JOIN event_stats s ON s.event_id = e.id
    WHERE e.creator_id = ${creatorId} AND e.deleted_at IS NULL AND s.type = 'view'
      AND s.date > (now() AT TIME ZONE e.time_zone)::date - 7
    GROUP BY s.event_id
    ORDER BY s.event_id`);
  return result.rows;
}
