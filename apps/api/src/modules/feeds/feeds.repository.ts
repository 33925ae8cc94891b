/**
 * The feeds' queries: the events of a filter with an occurrence in the window (now to FEED_DAYS ahead, each in its
 * event's zone), the visible ones and those withdrawn lately (deactivated or deleted, shown as cancelled), soonest
 * first; and the organisation of a per-organisation feed.
 *
 * The map search's index (event_days) holds only visible, placed events, so the feeds read events and event_dates
 * (event_dates_event_idx) with the same visibility rules as the search, plus the withdrawn ones.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { textQuerySql } from '../search/search.repository';

export type FeedFilter = {
  categoryHandle?: string;
  city?: string;
  bounds?: { west: number; south: number; east: number; north: number };
  organiserId?: number;
  /** Words to find (as the search: both languages, accents and endings ignored, the organiser's name too). */
  text?: string;
  /** The accessibility mask every event must hold all of. */
  access?: number;
};

export type FeedEventRow = {
  id: number;
  uuid: string;
  handle: string;
  titleFr: string;
  titleEn: string | null;
  descriptionFr: string | null;
  descriptionEn: string | null;
  address: string | null;
  city: string | null;
  zipcode: string | null;
  state: string;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
  revision: number;
  category: string | null;
  organiser: string | null;
  cancelled: boolean;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
  updatedAt: string;
  /** Every date of the event (at most EVENT_DATES_MAX), wall-clock, soonest first: a series is written whole. */
  dates: Array<{ startDate: string; endDate: string | null }>;
};

// Accents of French (and a few more) folded, so that `montreal` finds Montréal; lower() does the case.
const ACCENTED = 'ÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇàâäáãéèêëíìîïóòôöõúùûüçŸÿ';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUCaaaaaeeeeiiiiooooouuuucYy';
const folded = (value: SQL) => sql`lower(translate(${value}, ${ACCENTED}, ${PLAIN}))`;

function feedConditions(filter: FeedFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.categoryHandle !== undefined) {
    conditions.push(sql`e.category_id = (SELECT id FROM categories WHERE handle = ${filter.categoryHandle})`);
  }
  if (filter.city !== undefined) conditions.push(sql`${folded(sql`e.city`)} = ${folded(sql`${filter.city}::text`)}`);
  if (filter.bounds !== undefined) {
    const b = filter.bounds;
    conditions.push(
      sql`e.latitude BETWEEN ${b.south}::float8 AND ${b.north}::float8`,
      sql`e.longitude BETWEEN ${b.west}::float8 AND ${b.east}::float8`,
    );
  }
  if (filter.organiserId !== undefined) conditions.push(sql`e.creator_id = ${filter.organiserId}`);
  if (filter.text !== undefined) {
    const query = textQuerySql(filter.text);
    conditions.push(sql`(e.search_document @@ ${query}
      OR e.creator_id = ANY(ARRAY(SELECT o.id FROM users o WHERE o.name_document @@ ${query})))`);
  }
  if (filter.access) conditions.push(sql`e.access & ${filter.access}::int = ${filter.access}::int`);
  return conditions;
}

/**
 * The events of `filter` with an occurrence not ended and starting within `days` days, soonest first, at most
 * `limit`: visible ones, and those deactivated or deleted in the last `cancelledDays` days (cancelled: true).
 */
export async function findFeedEvents(
  db: Executor,
  filter: FeedFilter,
  window: { days: number; cancelledDays: number; limit: number },
): Promise<FeedEventRow[]> {
  const end = sql`((now() + make_interval(days => ${window.days})) AT TIME ZONE e.time_zone)`;
  const conditions = [
    sql`((e.active AND e.deleted_at IS NULL)
      OR e.updated_at >= now() - make_interval(days => ${window.cancelledDays}))`,
    ...feedConditions(filter),
  ];
  const result = await db.execute<FeedEventRow>(sql`
    SELECT e.id, e.uuid::text AS "uuid", e.handle, e.title_fr AS "titleFr", e.title_en AS "titleEn",
      e.description_fr AS "descriptionFr", e.description_en AS "descriptionEn",
      e.address, e.city, e.zipcode, e.state, e.latitude, e.longitude, e.time_zone AS "timeZone", e.revision,
      c.handle AS category, u.name AS organiser,
      (NOT e.active OR e.deleted_at IS NOT NULL) AS cancelled,
      to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
      to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
      (SELECT json_agg(json_build_object(
          'startDate', to_char(d.start_date, 'YYYY-MM-DD HH24:MI:SS'),
          'endDate', to_char(d.end_date, 'YYYY-MM-DD HH24:MI:SS')) ORDER BY d.start_date, d.id)
        FROM event_dates d WHERE d.event_id = e.id) AS dates
    FROM events e
      CROSS JOIN LATERAL (
        SELECT min(d.start_date) AS next_start FROM event_dates d
        WHERE d.event_id = e.id AND COALESCE(d.end_date, d.start_date) >= (now() AT TIME ZONE e.time_zone)
          AND d.start_date < ${end}
      ) upcoming
      LEFT JOIN categories c ON c.id = e.category_id
      LEFT JOIN users u ON u.id = e.creator_id AND u.deleted_at IS NULL
    WHERE upcoming.next_start IS NOT NULL AND ${sql.join(conditions, sql` AND `)}
    ORDER BY upcoming.next_start AT TIME ZONE e.time_zone, e.id
    LIMIT ${window.limit}`);
  return result.rows;
}

export type Organisation = { id: number; name: string | null; removed: boolean };

/** An organisation (an event-manager account, not an administrator) by id, deleted ones included. */
export async function findOrganisation(db: Executor, id: number): Promise<Organisation | undefined> {
  const result = await db.execute<Organisation>(sql`
    SELECT id, name, deleted_at IS NOT NULL AS removed FROM users
    WHERE id = ${id} AND type = 'event-manager' AND NOT is_admin`);
  return result.rows[0];
}

/**
 * When an event was last written anywhere (the events version's stamp, raised by every event write), or null before
 * the first one. A feed is not modified since then, even one that an event left by moving out of its filter.
 */
export async function lastEventsWrite(db: Executor): Promise<Date | null> {
  const result = await db.execute<{ at: string | null }>(sql`
    SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
    FROM app_meta WHERE key = 'events_version'`);
  const at = result.rows[0]?.at;
  return at ? new Date(at) : null;
}
