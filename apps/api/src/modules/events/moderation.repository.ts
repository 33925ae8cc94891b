/**
 * Queries of the moderation queue: not deleted events with reports (`signaled_count > 0`), read through the
 * partial index `events_reported_idx`, so their cost follows the queue's length, not the catalogue's.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type EventRecord, findEventsByIds } from './events.repository';

/** What the queue and the dashboard count: the same predicate, the partial index's own. */
const REPORTED = sql`e.signaled_count > 0 AND e.deleted_at IS NULL`;

export type SignalReasonCount = { reason: string; count: number };

export type ReportedEvent = EventRecord & {
  /** The latest report (ISO instant); the event's creation if its reports were counted but not kept. */
  lastSignaledAt: string;
  /** How many reports gave each reason (null: `unspecified`), most given first. */
  signalReasons: SignalReasonCount[];
};

/** The count of the queue (exported for EXPLAIN in the benchmark). */
export const reportedCountSql = sql`SELECT count(*)::int AS total FROM events e WHERE ${REPORTED}`;

/** Events in the queue now. */
export async function countReportedEvents(db: Executor): Promise<number> {
  return (await db.execute<{ total: number }>(reportedCountSql)).rows[0]?.total ?? 0;
}

/**
 * The ids of one page of the queue with their latest report, most reported first, then latest report first
 * (ties: newest event first). Only the index is read for the candidates (id and count: an index-only scan in
 * the order of its first column, NULLS LAST as the index has it), then each one's latest report.
 * Exported for EXPLAIN in the benchmark.
 */
export function reportedPageSql(page: { limit: number; offset: number }): SQL {
  return sql`
    SELECT e.id, to_char(s.last AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last, s.reasons
    FROM events e
    CROSS JOIN LATERAL (
      -- Each report has one row per reporter key (its address, and its account when signed in): counted by the
      -- address's row, so a signed-in report counts once.
      SELECT max(r.created_at) AS last,
        (SELECT COALESCE(json_agg(json_build_object('reason', g.reason, 'count', g.n) ORDER BY g.n DESC, g.reason), '[]')
         FROM (SELECT COALESCE(q.reason, 'unspecified') AS reason, count(*)::int AS n
               FROM event_signals q WHERE q.event_id = e.id AND q.visitor_key LIKE 'ip:%' GROUP BY 1) g) AS reasons
      FROM event_signals r WHERE r.event_id = e.id
    ) s
    WHERE ${REPORTED}
    ORDER BY e.signaled_count DESC NULLS LAST, s.last DESC NULLS LAST, e.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** One page of the queue, with every event as the admin routes show it. */
export async function listReportedEvents(
  db: Executor,
  page: { limit: number; offset: number },
): Promise<ReportedEvent[]> {
  const ranked = await db.execute<{ id: number; last: string | null; reasons: SignalReasonCount[] | null }>(
    reportedPageSql(page),
  );
  const records = new Map(
    (
      await findEventsByIds(
        db,
        ranked.rows.map((r) => r.id),
      )
    ).map((e) => [e.id, e]),
  );
  // An event deleted between the two reads is left out rather than shown half.
  return ranked.rows.flatMap((r) => {
    const record = records.get(r.id);
    return record ? [{ ...record, lastSignaledAt: r.last ?? record.createdAt, signalReasons: r.reasons ?? [] }] : [];
  });
}
