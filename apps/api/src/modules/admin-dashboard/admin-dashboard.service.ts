/**
 * The admin dashboard (issue "Admin area"): what administrators open it for. Events today and this week are
 * counted in each event's own zone, like the map; organisers are event-managers that are neither deleted nor
 * administrators; new accounts are the accounts created in the last 7 days and not deleted (any type);
 * reported events are the moderation queue's length.
 */
import { PLAN_TYPES, PROVINCES } from '@evmap/contract/enums';
import { nowWallClock } from '@evmap/contract/wall-clock';
import type { FastifyInstance } from 'fastify';
import { readEventsVersion } from '../../db/app-meta';
import { countReportedEvents } from '../events/moderation.repository';
import { countAccounts, countEventDays, type DayCounts, type ZoneDay } from './admin-dashboard.repository';

export type DashboardDeps = Pick<FastifyInstance, 'db'>;

export type OrganiserPlan = (typeof PLAN_TYPES)[number] | 'none';

export type DashboardCounts = DayCounts & {
  organisersByPlan: Record<OrganiserPlan, number>;
  newAccountsThisWeek: number;
  reportedEvents: number;
};

const WEEK_MS = 7 * 24 * 60 * 60_000;
/** Every zone an event can have (the provinces'); the column's default, Toronto, is one of them. */
const ZONES = [...new Set(Object.values(PROVINCES))];

/** Today in every zone events use, at `nowMs`. */
export function todayByZone(nowMs: number): ZoneDay[] {
  return ZONES.map((zone) => ({ zone, day: nowWallClock(zone, nowMs).slice(0, 10) }));
}

/**
 * The day counts read every event of the week (100,000 when a country's catalogue is all this week), so they
 * are kept per app instance under the events version and today's dates: a write on any instance raises the
 * version and the next request counts again. After 60 s they are counted again anyway, for writes that
 * bypass the version (the seed and demo loaders), as the search cache does.
 */
export class DayCountsCache {
  static readonly MAX_AGE_MS = 60_000;
  private entry: { key: string; at: number; counts: DayCounts } | undefined;
  /**
   * The count under way, shared: administrators opening the dashboard together (or a reload during a slow count of
   * a large catalogue) wait for one count instead of each starting theirs and running into the statement timeout.
   */
  private running: { key: string; counts: Promise<DayCounts> } | undefined;

  get(key: string, nowMs: number): DayCounts | undefined {
    const entry = this.entry;
    return entry && entry.key === key && nowMs - entry.at < DayCountsCache.MAX_AGE_MS ? entry.counts : undefined;
  }

  set(key: string, counts: DayCounts, nowMs: number): void {
    this.entry = { key, at: nowMs, counts };
  }

  /** The counts under `key`: cached, the count under way for that key, or a new count (`count`), kept once done. */
  async obtain(key: string, nowMs: number, count: () => Promise<DayCounts>): Promise<DayCounts> {
    const cached = this.get(key, nowMs);
    if (cached) return cached;
    if (this.running?.key === key) return this.running.counts;
    const running = { key, counts: count() };
    this.running = running;
    try {
      const counts = await running.counts;
      this.set(key, counts, nowMs);
      return counts;
    } finally {
      if (this.running === running) this.running = undefined;
    }
  }
}

async function dayCounts(deps: DashboardDeps, cache: DayCountsCache, nowMs: number): Promise<DayCounts> {
  const zoneDays = todayByZone(nowMs);
  // The version is read before counting: counts cached under it are at least that recent.
  const key = `${await readEventsVersion(deps.db)}|${zoneDays.map((z) => z.day).join(',')}`;
  return cache.obtain(key, nowMs, () => countEventDays(deps.db, zoneDays));
}

/** GET /connected/admin/dashboard (administrators only: the route checks). */
export async function getDashboardCounts(
  deps: DashboardDeps,
  cache: DayCountsCache,
  nowMs = Date.now(),
): Promise<DashboardCounts> {
  const [days, accounts, reportedEvents] = await Promise.all([
    dayCounts(deps, cache, nowMs),
    countAccounts(deps.db, new Date(nowMs - WEEK_MS)),
    countReportedEvents(deps.db),
  ]);
  const organisersByPlan = Object.fromEntries([...PLAN_TYPES, 'none'].map((plan) => [plan, 0])) as Record<
    OrganiserPlan,
    number
  >;
  for (const { planType, count } of accounts.organisersByPlan) {
    const plan = (planType ?? 'none') as OrganiserPlan;
    // A plan name the contract does not know (none today) is not shown rather than failing the answer.
    if (plan in organisersByPlan) organisersByPlan[plan] += count;
  }
  return { ...days, organisersByPlan, newAccountsThisWeek: accounts.newAccounts, reportedEvents };
}
