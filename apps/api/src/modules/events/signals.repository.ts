/** Queries on event_signals: one report per reporter key and event, and the count on the event. */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventSignals } from '../../db/schema/event-signals';
import { events } from '../../db/schema/events';

/**
 * Records the report (and its reason) of the reporter's keys on the active, not deleted event `uuid` and raises its count only
 * when none of the keys had reported it yet (a key already there absorbs the report, also when two race: the
 * primary key decides). Undefined when there is no such event.
 */
export async function insertSignal(
  db: Executor,
  uuid: string,
  reporterKeys: string[],
  reason: string | null = null,
): Promise<{ id: number; uuid: string; counted: boolean } | undefined> {
  const result = await db.execute<{ id: number; uuid: string; counted: boolean }>(sql`
    WITH target AS (
      SELECT id, uuid FROM events WHERE uuid = ${uuid}::uuid AND active AND deleted_at IS NULL
    ), reported AS (
      INSERT INTO event_signals (event_id, visitor_key, reason)
      SELECT target.id, key, ${reason}::text FROM target, unnest(${sql.param(reporterKeys)}::text[]) AS key
      ON CONFLICT (event_id, visitor_key) DO NOTHING
      RETURNING event_id
    ), counted AS (
      UPDATE events SET signaled_count = signaled_count + 1
      WHERE id IN (SELECT id FROM target) AND (SELECT count(*) FROM reported) = ${reporterKeys.length}
      RETURNING id
    )
    SELECT id, uuid::text AS uuid, EXISTS (SELECT 1 FROM counted) AS counted FROM target`);
  return result.rows[0];
}

/** Forgets every report of the event and sets its count back to 0. */
export async function clearSignals(db: Executor, eventId: number): Promise<void> {
  await db.delete(eventSignals).where(eq(eventSignals.eventId, eventId));
  await db.update(events).set({ signaledCount: 0, updatedAt: new Date() }).where(eq(events.id, eventId));
}
