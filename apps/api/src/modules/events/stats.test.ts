import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';
import { STATS_LIMIT } from './stats.service';

let ctx: TestContext;
let owner: UserRow;
let other: UserRow;
let viewer: UserRow;
let admin: UserRow;
beforeAll(async () => {
  // Visitors are told apart by X-Forwarded-For, as behind a proxy on this machine.
  ctx = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  owner = await createUser(ctx, 'event-manager');
  other = await createUser(ctx, 'event-manager');
  viewer = await createUser(ctx, 'viewer');
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx.close());

type Created = { id: number; uuid: string; timeZone: string };
const createEvent = async (overrides: Record<string, unknown> = {}): Promise<Created> => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, owner),
    payload: eventBody(overrides),
  });
  expect(res.statusCode).toBe(200);
  return res.json().event;
};
const send = (uuid: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/public/events/${uuid}/stats`, payload: payload as object, headers });
const ownerStats = (id: number | string, user?: UserRow, lang = 'en') =>
  ctx.app.inject({
    url: `/api/v1/connected/events/${id}/stats`,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
  });
const adminStats = (id: number | string, user?: UserRow, lang = 'en') =>
  ctx.app.inject({
    url: `/api/v1/connected/admin/events/${id}/stats`,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
  });
/**
 * Today in `timeZone` as the database counts it. Not Node's Intl: Node 24's time-zone data (2026c) and
 * PostgreSQL's can disagree (British Columbia's year-round UTC-7), and the counts are dated by the database.
 */
const today = async (timeZone: string) =>
  (await ctx.db.execute<{ d: string }>(sql`SELECT to_char(now() AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS d`)).rows[0]!
    .d;
const UNKNOWN_UUID = '5b6f0f8e-0000-4000-8000-000000000000';

describe('POST /public/events/{uuid}/stats', () => {
  it('counts views and clicks per day in the event zone, views on the event too', async () => {
    const event = await createEvent({ state: 'BC', dates: [{ startDate: wallClock(24, 'America/Vancouver') }] });
    for (const body of [
      { type: 'view', value: 'single_modal' },
      { type: 'view', value: 'single_modal' },
      { type: 'view', value: 'map_marker' },
      // Opened from an embed on another website (`/events/{handle}?from=embed`): a source of its own.
      { type: 'view', value: 'embed' },
      { type: 'click', value: 'website' },
      { type: 'btn_click', value: 'website' },
      { type: 'btn_click', value: 'directions' },
    ]) {
      const res = await send(event.uuid, body);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    // Signed-in callers count like visitors.
    expect((await send(event.uuid, { type: 'click', value: 'phone' }, authHeaders(ctx.app, viewer))).statusCode).toBe(
      204,
    );
    const day = await today('America/Vancouver');
    const res = await ownerStats(event.id, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      eventStats: [
        { type: 'btn_click', date: day, count: 1, value: 'directions' },
        { type: 'btn_click', date: day, count: 1, value: 'phone' },
        { type: 'btn_click', date: day, count: 2, value: 'website' },
        { type: 'view', date: day, count: 1, value: 'embed' },
        { type: 'view', date: day, count: 1, value: 'map_marker' },
        { type: 'view', date: day, count: 2, value: 'single_modal' },
      ],
    });
    const page = await ctx.app.inject({ url: `/api/v1/public/events/handle-or-uuid/${event.uuid}` });
    expect(page.json().event.eventStatCount).toEqual({ viewCount: 4 });
  });

  it('answers the stats sorted by date', async () => {
    const event = await createEvent();
    await ctx.db.execute(sql`INSERT INTO event_stats (event_id, type, value, date, count) VALUES
      (${event.id}, 'view', 'map_marker', '2030-03-02', 4),
      (${event.id}, 'btn_click', 'phone', '2030-03-01', 2),
      (${event.id}, 'view', 'single_modal', '2030-03-01', 7)`);
    expect((await adminStats(event.id, admin)).json()).toEqual({
      eventStats: [
        { type: 'btn_click', date: '2030-03-01', count: 2, value: 'phone' },
        { type: 'view', date: '2030-03-01', count: 7, value: 'single_modal' },
        { type: 'view', date: '2030-03-02', count: 4, value: 'map_marker' },
      ],
    });
  });

  it('answers exact errors for a bad type or value, in the request language', async () => {
    const event = await createEvent();
    expect((await send(event.uuid, {})).json()).toEqual({
      errors: { type: 'The field type is required', value: 'The field value is required' },
    });
    const wrong = await send(event.uuid, { type: 'like', value: 'website' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      errors: { type: 'The enum field is not valid; valid values are: view, click, btn_click' },
    });
    expect((await send(event.uuid, { type: 'view', value: 'nope' }, { 'accept-language': 'fr' })).json()).toEqual({
      errors: {
        value:
          "La valeur n'est pas valide; les valeurs possibles sont : single_modal, map_marker, embed, website, phone, external, share_url, directions",
      },
    });
    // A click value with a view (and the reverse) is refused and counts nothing.
    for (const [body, values] of [
      [{ type: 'view', value: 'website' }, 'single_modal, map_marker, embed'],
      [{ type: 'click', value: 'map_marker' }, 'website, phone, external, share_url, directions'],
    ] as const) {
      const res = await send(event.uuid, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { value: `The enum field is not valid; valid values are: ${values}` } });
    }
    expect((await ownerStats(event.id, owner)).json()).toEqual({ eventStats: [] });
  });

  it('answers 404 for unknown, malformed, inactive and deleted events', async () => {
    const view = { type: 'view', value: 'single_modal' };
    const missing = await send(UNKNOWN_UUID, view, { 'accept-language': 'fr' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: { global: 'Introuvable' } });
    expect((await send('not-a-uuid', view)).json()).toEqual({ errors: { global: 'Not found' } });
    const inactive = await createEvent();
    await ctx.db.execute(sql`UPDATE events SET active = false WHERE id = ${inactive.id}`);
    expect((await send(inactive.uuid, view)).statusCode).toBe(404);
    const deleted = await createEvent();
    await ctx.db.execute(sql`UPDATE events SET deleted_at = now() WHERE id = ${deleted.id}`);
    expect((await send(deleted.uuid, view)).statusCode).toBe(404);
    const counted = await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM event_stats WHERE event_id IN (${inactive.id}, ${deleted.id})`,
    );
    expect(counted.rows[0]).toEqual({ n: 0 });
  });

  it(`limits each address to ${STATS_LIMIT.limit} hits a minute`, async () => {
    const event = await createEvent();
    await ctx.db.execute(sql`INSERT INTO rate_limits (key, count, reset_at)
      VALUES ('stats-ip:203.0.113.7', ${STATS_LIMIT.limit}, ${Date.now() + 60_000})`);
    const view = { type: 'view', value: 'map_marker' };
    const limited = await send(event.uuid, view, { 'x-forwarded-for': '203.0.113.7' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: { global: 'Too many attempts. Please try again in 1 minute.' } });
    expect((await send(event.uuid, view, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(204);
  });
});

describe('GET /connected/events/{id}/stats and /connected/admin/events/{id}/stats', () => {
  it('need a signed-in user', async () => {
    for (const res of [await ownerStats(1), await adminStats(1)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: { global: 'You must be signed in' } });
    }
    expect((await adminStats(1, undefined, 'fr')).json()).toEqual({ errors: { global: 'Vous devez être connecté' } });
  });

  it('answer the owner and administrators only', async () => {
    const event = await createEvent();
    const forbidden = { errors: { global: 'You are not allowed to do this' } };
    const matrix: Array<[UserRow, number, number]> = [
      [viewer, 403, 403],
      [owner, 200, 403],
      [other, 403, 403],
      [admin, 403, 200],
    ];
    for (const [user, ownerStatus, adminStatus] of matrix) {
      const mine = await ownerStats(event.id, user);
      expect([user.email, mine.statusCode]).toEqual([user.email, ownerStatus]);
      if (ownerStatus === 403) expect(mine.json()).toEqual(forbidden);
      const admins = await adminStats(event.id, user);
      expect([user.email, admins.statusCode]).toEqual([user.email, adminStatus]);
      if (adminStatus === 403) expect(admins.json()).toEqual(forbidden);
    }
    expect((await ownerStats(event.id, other, 'fr')).json()).toEqual({
      errors: { global: "Vous n'êtes pas autorisé à faire ceci" },
    });
  });

  it('answer 404 for unknown events; the owner no longer sees a deleted one, administrators do', async () => {
    expect((await ownerStats(999_999, owner)).json()).toEqual({ errors: { global: 'Not found' } });
    expect((await adminStats(999_999, admin)).statusCode).toBe(404);
    const event = await createEvent();
    await ctx.db.execute(sql`UPDATE events SET deleted_at = now() WHERE id = ${event.id}`);
    expect((await ownerStats(event.id, owner)).statusCode).toBe(404);
    expect((await adminStats(event.id, admin)).statusCode).toBe(200);
  });

  it('reject invalid ids', async () => {
    expect((await ownerStats('abc', owner)).json()).toEqual({ errors: { id: 'The id is invalid' } });
    expect((await adminStats('0', admin, 'fr')).json()).toEqual({ errors: { id: "L'identifiant n'est pas valide" } });
  });
});

describe('GET /connected/events/views', () => {
  const views = (user?: UserRow) =>
    ctx.app.inject({ url: '/api/v1/connected/events/views', headers: user ? authHeaders(ctx.app, user) : {} });

  it('needs a signed-in user', async () => {
    expect((await views()).statusCode).toBe(401);
  });

  it("answers the views of each of the caller's events over the last 7 days, in one answer", async () => {
    const first = await createEvent({ dates: [{ startDate: wallClock(24) }] });
    const second = await createEvent({ state: 'BC', dates: [{ startDate: wallClock(24, 'America/Vancouver') }] });
    await createEvent({ dates: [{ startDate: wallClock(48) }] });
    for (let i = 0; i < 3; i++) await send(first.uuid, { type: 'view', value: 'single_modal' });
    await send(first.uuid, { type: 'btn_click', value: 'website' });
    await send(second.uuid, { type: 'view', value: 'map_marker' });
    // Six days ago counts; seven days ago no longer does.
    for (const [days, count] of [
      [6, 10],
      [7, 100],
    ]) {
      await ctx.db.execute(sql`
        INSERT INTO event_stats (event_id, type, value, date, count)
        VALUES (${first.id}, 'view', 'map_marker', (now() AT TIME ZONE ${first.timeZone})::date - ${days}::int, ${count})`);
    }
    const res = await views(owner);
    expect(res.statusCode).toBe(200);
    const byEvent = new Map(
      res.json().views.map((row: { eventId: number; lastSevenDays: number }) => [row.eventId, row.lastSevenDays]),
    );
    expect([byEvent.get(first.id), byEvent.get(second.id)]).toEqual([13, 1]);
    // Another organiser sees none of them.
    expect((await views(other)).json()).toEqual({ views: [] });
  });
});
