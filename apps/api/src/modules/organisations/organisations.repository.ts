/**
 * The queries of an organisation's public page: the organisation by its handle (removed ones included, to answer
 * 410), and the ids of its upcoming events (visible, a date not ended in the event's zone), soonest next date first.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export type OrganisationRow = {
  id: number;
  handle: string;
  name: string | null;
  website: string | null;
  removed: boolean;
};

/** An organisation (an event-manager account, not an administrator) by handle, removed ones included. */
export async function findOrganisationByHandle(db: Executor, handle: string): Promise<OrganisationRow | undefined> {
  const result = await db.execute<OrganisationRow>(sql`
    SELECT id, handle, name, website, deleted_at IS NOT NULL AS removed FROM users
    WHERE handle = ${handle} AND type = 'event-manager' AND NOT is_admin`);
  return result.rows[0];
}

/** One page of the ids of the organisation's upcoming events, soonest next date first, and how many there are. */
export async function findUpcomingEventIds(
  db: Executor,
  organiserId: number,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const result = await db.execute<{ id: number; total: number }>(sql`
    SELECT e.id, (count(*) OVER ())::int AS total
    FROM events e
      CROSS JOIN LATERAL (
        SELECT min(d.start_date) AS next_start FROM event_dates d
        WHERE d.event_id = e.id AND COALESCE(d.end_date, d.start_date) >= (now() AT TIME ZONE e.time_zone)
      ) upcoming
    WHERE e.creator_id = ${organiserId} AND e.active AND e.deleted_at IS NULL AND upcoming.next_start IS NOT NULL
    ORDER BY upcoming.next_start AT TIME ZONE e.time_zone, e.id
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  const total = result.rows[0]?.total ?? (page.offset > 0 ? await countUpcoming(db, organiserId) : 0);
  return { ids: result.rows.map((row) => row.id), total };
}

/** How many upcoming events the organisation has (a page beyond the last one still says so). */
async function countUpcoming(db: Executor, organiserId: number): Promise<number> {
  const result = await db.execute<{ total: number }>(sql`
    SELECT count(*)::int AS total FROM events e
    WHERE e.creator_id = ${organiserId} AND e.active AND e.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM event_dates d WHERE d.event_id = e.id
        AND COALESCE(d.end_date, d.start_date) >= (now() AT TIME ZONE e.time_zone))`);
  return result.rows[0]?.total ?? 0;
}
