/**
 * Queries of the admin dashboard. Event days come from `event_days` (the map's index: active, not deleted,
 * placed events), read by its primary key (day, event_id); accounts from `users`.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Today's date (`YYYY-MM-DD`) in one zone. */
export type ZoneDay = { zone: string; day: string };

export type DayCounts = { eventsToday: number; eventsThisWeek: number };

export type AccountCounts = {
  /** Event-managers (not deleted, not admins) by plan; `null` for no plan. */
  organisersByPlan: Array<{ planType: string | null; count: number }>;
  newAccounts: number;
};

/**
 * Events with a day on their own today, and with a day in the 7 days from their own today.
 * `zoneDays` gives today in every zone events use. When all zones share one date (about 19.5 hours a day)
 * two index-only range scans answer; otherwise only the rows on the days where zones disagree look up
 * their event's zone (the other days are in everyone's week and nobody's today).
 */
export async function countEventDays(db: Executor, zoneDays: ZoneDay[]): Promise<DayCounts> {
  return (await db.execute<DayCounts>(eventDaysSql(zoneDays))).rows[0]!;
}

/** The query of countEventDays (exported for EXPLAIN in the benchmark). */
export function eventDaysSql(zoneDays: ZoneDay[]): SQL {
  const days = zoneDays.map((z) => z.day).sort();
  const first = days[0]!;
  const last = days.at(-1)!;
  if (first === last) {
    return sql`
      SELECT (SELECT count(*) FROM event_days WHERE day = ${first}::date)::int AS "eventsToday",
        (SELECT count(DISTINCT event_id) FROM event_days
          WHERE day BETWEEN ${first}::date AND ${first}::date + 6)::int AS "eventsThisWeek"`;
  }
  const zones = sql.param(zoneDays.map((z) => z.zone));
  const todays = sql.param(zoneDays.map((z) => z.day));
  // An event has at most one row per day, and one today: rows on it are events, no DISTINCT needed.
  return sql`
    WITH zone_day AS (SELECT * FROM unnest(${zones}::text[], ${todays}::date[]) AS z(time_zone, today))
    SELECT count(*) FILTER (WHERE r.day = r.today)::int AS "eventsToday",
      count(DISTINCT r.event_id) FILTER (WHERE r.everyone OR r.day BETWEEN r.today AND r.today + 6)::int
        AS "eventsThisWeek"
    FROM (
      SELECT ed.event_id, ed.day, (ed.day > ${last}::date AND ed.day <= ${first}::date + 6) AS everyone,
        CASE WHEN ed.day > ${last}::date AND ed.day <= ${first}::date + 6 THEN NULL
          ELSE (SELECT z.today FROM events e JOIN zone_day z ON z.time_zone = e.time_zone WHERE e.id = ed.event_id)
        END AS today
      FROM event_days ed
      WHERE ed.day BETWEEN ${first}::date AND ${last}::date + 6
    ) r`;
}

/** Event-managers by plan, and the accounts created since `since`; deleted accounts left out of both. */
export async function countAccounts(db: Executor, since: Date): Promise<AccountCounts> {
  const [organisers, recent] = await Promise.all([
    db.execute<{ planType: string | null; count: number }>(organisersSql),
    db.execute<{ total: number }>(newAccountsSql(since)),
  ]);
  return { organisersByPlan: organisers.rows, newAccounts: recent.rows[0]?.total ?? 0 };
}

/** Organisers by plan: the predicate of users_organisers_plan_idx, so an index-only scan (exported for EXPLAIN). */
export const organisersSql = sql`
  SELECT plan_type AS "planType", count(*)::int AS count FROM users
  WHERE type = 'event-manager' AND NOT is_admin AND deleted_at IS NULL
  GROUP BY plan_type`;

/** Accounts created since `since`, not deleted: a range of users_created_idx (exported for EXPLAIN). */
export function newAccountsSql(since: Date): SQL {
  return sql`SELECT count(*)::int AS total FROM users
    WHERE deleted_at IS NULL AND created_at >= ${since.toISOString()}::timestamptz`;
}
