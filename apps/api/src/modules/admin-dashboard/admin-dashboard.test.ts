import { randomUUID } from 'node:crypto';
import { nowWallClock } from '@evmap/contract/wall-clock';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody } from '../../../test/events';
import { users } from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';
import { DayCountsCache, getDashboardCounts, todayByZone } from './admin-dashboard.service';

const DASHBOARD = '/api/v1/connected/admin/dashboard';
const TORONTO = 'America/Toronto';
const VANCOUVER = 'America/Vancouver';
const VANCOUVER_PLACE = { state: 'BC', city: 'Vancouver', latitude: 49.2827, longitude: -123.1207 };

let ctx: TestContext;
let admin: UserRow;
let organiser: UserRow;
let viewer: UserRow;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
  organiser = await createUser(ctx, 'event-manager');
  viewer = await createUser(ctx, 'viewer');
});
afterAll(() => ctx.close());

/** A call as `user` (null: a visitor). */
const dashboard = (user: UserRow | null = admin, lang = 'en') =>
  ctx.app.inject({
    method: 'GET',
    url: DASHBOARD,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
  });
const counts = async () => (await dashboard()).json().counts;

/** An event created by the administrator for `organiser`, starting at each given wall-clock time. */
async function adminEvent(
  starts: string[],
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; uuid: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/admin/events',
    headers: authHeaders(ctx.app, admin),
    payload: eventBody({ creatorId: organiser.id, dates: starts.map((startDate) => ({ startDate })), ...overrides }),
  });
  expect(res.statusCode).toBe(200);
  return res.json().event;
}
const day = (zone: string, plusDays = 0) =>
  new Date(Date.parse(`${nowWallClock(zone).slice(0, 10)}T12:00:00Z`) + plusDays * 86_400_000)
    .toISOString()
    .slice(0, 10);

describe('access to GET /connected/admin/dashboard', () => {
  it('answers 401 to visitors and 403 to viewers and event-managers', async () => {
    const anonymous = await dashboard(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ errors: { global: 'You must be signed in' } });
    expect((await dashboard(null, 'fr')).json()).toEqual({ errors: { global: 'Vous devez être connecté' } });
    for (const user of [viewer, organiser]) {
      const refused = await dashboard(user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
    }
    expect((await dashboard(viewer, 'fr')).json()).toEqual({
      errors: { global: "Vous n'êtes pas autorisé à faire ceci" },
    });
  });

  it('takes no input: a query string is refused (400), like any unknown parameter', async () => {
    const res = await ctx.app.inject({ url: `${DASHBOARD}?page=abc&x=1`, headers: authHeaders(ctx.app, admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { page: 'The field page is not expected', x: 'The field x is not expected' },
    });
  });
});

describe('OpenAPI', () => {
  it('describes the admin area’s new routes under admin, with every answer', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    const dashboardDoc = doc.paths['/api/v1/connected/admin/dashboard'].get;
    expect(dashboardDoc.tags).toEqual(['admin']);
    expect(Object.keys(dashboardDoc.responses).sort()).toEqual(['200', '400', '401', '403', '500']);
    const moderation = doc.paths['/api/v1/connected/admin/moderation'].get;
    expect(moderation.tags).toEqual(['admin']);
    expect(Object.keys(moderation.responses).sort()).toEqual(['200', '400', '401', '403', '500']);
    expect(moderation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'page']);
    const usersDoc = doc.paths['/api/v1/connected/admin/users'].get;
    expect(usersDoc.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['creatorsOnly', 'sortField', 'sortDirection']),
    );
  });
});

describe('the counts', () => {
  it('counts organisers by plan and the week’s new accounts, leaving out admins, viewers and deleted accounts', async () => {
    const before = await counts();
    expect(before.organisersByPlan).toEqual({
      complete: 1,
      'free-complete': 0,
      unit: 0,
      trial: 0,
      canceled: 0,
      none: 0,
    });
    expect(before.newAccountsThisWeek).toBe(3);

    await createUser(ctx, 'event-manager', { planType: 'trial' });
    await createUser(ctx, 'event-manager', { planType: 'trial' });
    await createUser(ctx, 'event-manager', { planType: null });
    await createUser(ctx, 'event-manager', { planType: 'canceled' });
    await createUser(ctx, 'admin', { planType: 'complete' });
    await createUser(ctx, 'event-manager', { planType: 'unit', deletedAt: new Date() });
    const old = await createUser(ctx, 'event-manager', { planType: 'free-complete' });
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(users.id, old.id));

    const after = await counts();
    expect(after.organisersByPlan).toEqual({
      complete: 1,
      'free-complete': 1,
      unit: 0,
      trial: 2,
      canceled: 1,
      none: 1,
    });
    // 3 + 5 new (the admin included); the deleted account and the one created 8 days ago are left out.
    expect(after.newAccountsThisWeek).toBe(8);
  });

  it('counts the events of today and of the week in each event’s zone, and sees every write', async () => {
    const before = await counts();
    const tonight = await adminEvent([`${day(TORONTO)} 23:45:00`]);
    await adminEvent([`${day(VANCOUVER)} 23:45:00`], VANCOUVER_PLACE);
    // Two dates this week count once; an event 7 days from today is next week.
    await adminEvent([`${day(TORONTO, 2)} 10:00:00`, `${day(TORONTO, 3)} 10:00:00`]);
    await adminEvent([`${day(TORONTO, 7)} 10:00:00`]);
    await adminEvent([`${day(TORONTO)} 23:45:00`], { active: false });
    await adminEvent([`${day(TORONTO)} 23:45:00`], { latitude: null, longitude: null });
    const after = await counts();
    expect(after.eventsToday - before.eventsToday).toBe(2);
    expect(after.eventsThisWeek - before.eventsThisWeek).toBe(3);

    // Deleting an event counts it out at once (the cached counts follow the events version).
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/connected/admin/events/id/${tonight.id}`,
      headers: authHeaders(ctx.app, admin),
    });
    expect(deleted.statusCode).toBe(204);
    const last = await counts();
    expect(last.eventsToday - before.eventsToday).toBe(1);
    expect(last.eventsThisWeek - before.eventsThisWeek).toBe(2);
  });

  it('counts the reported events of the moderation queue', async () => {
    const before = (await counts()).reportedEvents;
    const event = await adminEvent([`${day(TORONTO, 1)} 10:00:00`]);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/events/${event.uuid}/signal`,
      headers: { 'x-session-id': randomUUID() },
    });
    expect((await counts()).reportedEvents).toBe(before + 1);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/connected/admin/events/${event.id}/signals`,
      headers: authHeaders(ctx.app, admin),
    });
    expect((await counts()).reportedEvents).toBe(before);
  });
});

describe('today in each zone (getDashboardCounts at a chosen instant)', () => {
  // At 18:00 UTC every Canadian zone is on 15 January 2030; at 05:00 UTC on the 16th, Toronto is on the 16th
  // (00:00) while Vancouver is still on the 15th (21:00).
  const SAME_DAY = Date.parse('2030-01-15T18:00:00Z');
  const SPLIT = Date.parse('2030-01-16T05:00:00Z');

  beforeAll(async () => {
    const toronto = (date: string) => adminEvent([`${date} 20:00:00`]);
    const vancouver = (date: string) => adminEvent([`${date} 20:00:00`], VANCOUVER_PLACE);
    await toronto('2030-01-15');
    await toronto('2030-01-15');
    await vancouver('2030-01-15');
    await vancouver('2030-01-15');
    await toronto('2030-01-16');
    await vancouver('2030-01-16');
    await adminEvent(['2030-01-17 20:00:00', '2030-01-18 20:00:00']);
    await toronto('2030-01-19');
    await toronto('2030-01-22');
    await vancouver('2030-01-22');
    await adminEvent(['2030-01-16 20:00:00'], { active: false });
  });

  it('knows when zones disagree', () => {
    expect(new Set(todayByZone(SAME_DAY).map((z) => z.day))).toEqual(new Set(['2030-01-15']));
    const split = Object.fromEntries(todayByZone(SPLIT).map((z) => [z.zone, z.day]));
    expect(split[TORONTO]).toBe('2030-01-16');
    expect(split[VANCOUVER]).toBe('2030-01-15');
    expect(split['America/St_Johns']).toBe('2030-01-16');
  });

  it('counts with one date for every zone', async () => {
    const result = await getDashboardCounts(ctx.app, new DayCountsCache(), SAME_DAY);
    // Today: the four events of the 15th; week 15-21: those, the 16th twice, the 17-18 event and the 19th.
    expect([result.eventsToday, result.eventsThisWeek]).toEqual([4, 8]);
  });

  it('counts each event on its own zone’s date when zones disagree', async () => {
    const result = await getDashboardCounts(ctx.app, new DayCountsCache(), SPLIT);
    // Toronto (16-22): the 16th is today, then 17-18, 19 and 22. Vancouver (15-21): the two of the 15th are
    // today, then the 16th. (Toronto's dates for all would give [2, 6], Vancouver's [4, 8].)
    expect([result.eventsToday, result.eventsThisWeek]).toEqual([3, 7]);
  });

  it('keeps the counts under the events version and today’s dates, for at most a minute', async () => {
    const cache = new DayCountsCache();
    const first = await getDashboardCounts(ctx.app, cache, SAME_DAY);
    // A write that bypasses the events version (as the seed does) is seen only once the entry is a minute old.
    await ctx.db.execute(sql`DELETE FROM event_days WHERE day = '2030-01-15'`);
    const cached = await getDashboardCounts(ctx.app, cache, SAME_DAY + 1000);
    expect(cached.eventsToday).toBe(first.eventsToday);
    const later = await getDashboardCounts(ctx.app, cache, SAME_DAY + DayCountsCache.MAX_AGE_MS);
    expect(later.eventsToday).toBe(0);
    await adminEvent(['2030-01-15 21:00:00']);
    expect((await getDashboardCounts(ctx.app, cache, SAME_DAY + DayCountsCache.MAX_AGE_MS + 1000)).eventsToday).toBe(1);
  });

  it('shares one count among requests that arrive while it runs', async () => {
    const cache = new DayCountsCache();
    let counts = 0;
    let finish: (value: { eventsToday: number; eventsThisWeek: number }) => void = () => undefined;
    const slow = () => {
      counts++;
      return new Promise<{ eventsToday: number; eventsThisWeek: number }>((resolve) => {
        finish = resolve;
      });
    };
    const together = [cache.obtain('v1', SAME_DAY, slow), cache.obtain('v1', SAME_DAY + 10, slow)];
    finish({ eventsToday: 2, eventsThisWeek: 5 });
    expect(await Promise.all(together)).toEqual([
      { eventsToday: 2, eventsThisWeek: 5 },
      { eventsToday: 2, eventsThisWeek: 5 },
    ]);
    expect(counts).toBe(1);
    // Kept once done; another key counts again.
    expect(await cache.obtain('v1', SAME_DAY + 20, slow)).toEqual({ eventsToday: 2, eventsThisWeek: 5 });
    const other = cache.obtain('v2', SAME_DAY + 30, slow);
    finish({ eventsToday: 3, eventsThisWeek: 6 });
    expect(await other).toEqual({ eventsToday: 3, eventsThisWeek: 6 });
    expect(counts).toBe(2);
  });
});
