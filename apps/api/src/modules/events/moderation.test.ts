import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';

const QUEUE = '/api/v1/connected/admin/moderation';
let ctx: TestContext;
let owner: UserRow;
let viewer: UserRow;
let admin: UserRow;
beforeAll(async () => {
  // Visitors are told apart by their address (X-Forwarded-For, as behind a proxy on this machine).
  ctx = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  owner = await createUser(ctx, 'event-manager');
  viewer = await createUser(ctx, 'viewer');
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx.close());

type Created = { id: number; uuid: string };
const createEvent = async (titleFr: string): Promise<Created> =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/events',
      headers: authHeaders(ctx.app, owner),
      payload: eventBody({ titleFr }),
    })
  ).json().event;

let visitors = 0;
/** `times` reports from different visitors (each from an address of its own), the latest at `lastAt`. */
async function report(event: Created, times: number, lastAt: string): Promise<void> {
  for (let i = 0; i < times; i++) {
    visitors += 1;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/events/${event.uuid}/signal`,
      headers: { 'x-forwarded-for': `10.${Math.floor(visitors / 256)}.${visitors % 256}.1` },
    });
    expect(res.statusCode).toBe(204);
  }
  // Spread the reports over the minutes before lastAt, so the latest one is known.
  await ctx.db.execute(sql`
    UPDATE event_signals s SET created_at = ${lastAt}::timestamptz - (n.rank - 1) * interval '1 minute'
    FROM (SELECT visitor_key, row_number() OVER (ORDER BY visitor_key) AS rank
          FROM event_signals WHERE event_id = ${event.id}) n
    WHERE s.event_id = ${event.id} AND s.visitor_key = n.visitor_key`);
}

/** A call as `user` (null: a visitor). */
const queue = (query = '', user: UserRow | null = admin, lang = 'en') =>
  ctx.app.inject({
    method: 'GET',
    url: `${QUEUE}${query}`,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
  });
const queued = async (query = '') =>
  (await queue(query))
    .json()
    .events.map((e: { titleFr: string; signaledCount: number; active: boolean }) => [
      e.titleFr,
      e.signaledCount,
      e.active,
    ]);
const reportedCount = async () =>
  (await ctx.app.inject({ url: '/api/v1/connected/admin/dashboard', headers: authHeaders(ctx.app, admin) })).json()
    .counts.reportedEvents;

describe('access to GET /connected/admin/moderation', () => {
  it('answers 401 to visitors and 403 to viewers and event-managers, before reading the query', async () => {
    for (const query of ['', '?page=0']) {
      const anonymous = await queue(query, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ errors: { global: 'You must be signed in' } });
      for (const user of [viewer, owner]) {
        const refused = await queue(query, user);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
      }
    }
    expect((await queue('', null, 'fr')).json()).toEqual({ errors: { global: 'Vous devez être connecté' } });
    expect((await queue('', viewer, 'fr')).json()).toEqual({
      errors: { global: "Vous n'êtes pas autorisé à faire ceci" },
    });
  });

  it('answers each wrong parameter on its field', async () => {
    const res = await queue('?page=0&limit=101');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { page: 'Field must be greater or equal to 1', limit: 'Field must be lower or equal to 100' },
    });
    const fr = await queue('?limit=abc', admin, 'fr');
    expect(fr.statusCode).toBe(400);
    expect(fr.json()).toEqual({ errors: { limit: 'Le champ limit doit être de type number' } });
  });
});

describe('the moderation queue', () => {
  let calm: Created;
  let often: Created;
  let recent: Created;
  let older: Created;
  let tied: Created;

  beforeAll(async () => {
    calm = await createEvent('Calm');
    often = await createEvent('Often');
    recent = await createEvent('Recent');
    older = await createEvent('Older');
    tied = await createEvent('Tied');
    await report(often, 3, '2026-03-01T10:00:00.000Z');
    await report(older, 2, '2026-03-01T09:00:00.000Z');
    await report(recent, 2, '2026-03-02T08:30:00.000Z');
    // Same count and same latest report as `older`: the newer event comes first.
    await report(tied, 2, '2026-03-01T09:00:00.000Z');
  });

  it('lists reported events, most reported first, then latest report first, with the admin event fields', async () => {
    const res = await queue();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, limit: 20, totalCount: 4, totalPages: 1 });
    expect(body.events.map((e: { id: number }) => e.id)).toEqual([often.id, recent.id, tied.id, older.id]);
    expect(body.events.map((e: { id: number }) => e.id)).not.toContain(calm.id);
    expect(body.events[0]).toMatchObject({
      id: often.id,
      uuid: often.uuid,
      titleFr: 'Often',
      signaledCount: 3,
      active: true,
      deletedAt: null,
      creator: { id: owner.id, email: owner.email },
      lastSignaledAt: '2026-03-01T10:00:00.000Z',
    });
    expect(body.events[1].lastSignaledAt).toBe('2026-03-02T08:30:00.000Z');
    expect(await reportedCount()).toBe(4);
  });

  it('pages like the admin lists', async () => {
    expect((await queue('?limit=3&page=2')).json()).toEqual({
      events: [expect.objectContaining({ id: older.id })],
      pagination: { page: 2, limit: 3, totalCount: 4, totalPages: 2 },
    });
    expect((await queue('?limit=3&page=5')).json()).toEqual({
      events: [],
      pagination: { page: 5, limit: 3, totalCount: 4, totalPages: 2 },
    });
  });

  it('keeps a deactivated event, shown inactive, until it is validated', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/connected/admin/events/${recent.id}`,
      headers: authHeaders(ctx.app, admin),
      payload: eventBody({ titleFr: 'Recent', active: false }),
    });
    expect(res.statusCode).toBe(200);
    expect(await queued()).toEqual([
      ['Often', 3, true],
      ['Recent', 2, false],
      ['Tied', 2, true],
      ['Older', 2, true],
    ]);

    const validated = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/connected/admin/events/${recent.id}/signals`,
      headers: authHeaders(ctx.app, admin),
    });
    expect(validated.statusCode).toBe(200);
    expect(await queued()).toEqual([
      ['Often', 3, true],
      ['Tied', 2, true],
      ['Older', 2, true],
    ]);
    expect(await reportedCount()).toBe(3);
  });

  it('lets a validated event leave and come back when visitors report it again', async () => {
    const validated = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/connected/admin/events/${often.id}/signals`,
      headers: authHeaders(ctx.app, admin),
    });
    expect(validated.json().event).toMatchObject({ id: often.id, signaledCount: 0 });
    expect(await queued()).toEqual([
      ['Tied', 2, true],
      ['Older', 2, true],
    ]);
    await report(often, 1, '2026-03-03T12:00:00.000Z');
    const body = (await queue()).json();
    expect(body.events.map((e: { id: number }) => e.id)).toEqual([tied.id, older.id, often.id]);
    expect(body.events[2]).toMatchObject({ signaledCount: 1, lastSignaledAt: '2026-03-03T12:00:00.000Z' });
  });

  it('drops deleted events: by an administrator, by their owner, or with the owner’s account', async () => {
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/connected/admin/events/id/${often.id}`,
      headers: authHeaders(ctx.app, admin),
    });
    expect(deleted.statusCode).toBe(204);
    const byOwner = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/connected/events/id/${older.id}`,
      headers: authHeaders(ctx.app, owner),
    });
    expect(byOwner.statusCode).toBe(204);
    expect(await queued()).toEqual([['Tied', 2, true]]);

    const leaving = await createUser(ctx, 'event-manager');
    const theirs = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/connected/events',
        headers: authHeaders(ctx.app, leaving),
        payload: eventBody({ titleFr: 'Theirs' }),
      })
    ).json().event as Created;
    await report(theirs, 5, '2026-03-04T12:00:00.000Z');
    expect((await queued())[0]).toEqual(['Theirs', 5, true]);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/connected/me',
      headers: authHeaders(ctx.app, leaving),
    });
    expect(gone.statusCode).toBe(204);
    expect(await queued()).toEqual([['Tied', 2, true]]);
    expect(await reportedCount()).toBe(1);
  });
});
