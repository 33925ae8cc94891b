import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let owner: UserRow;
let other: UserRow;
let admin: UserRow;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'event-manager');
  other = await createUser(ctx, 'event-manager');
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx.close());

type Created = { id: number; uuid: string };
const createEvent = async (overrides: Record<string, unknown> = {}): Promise<Created> => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, owner),
    payload: eventBody(overrides),
  });
  return res.json().event;
};
type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, user?: UserRow, lang = 'en') =>
  ctx.app.inject({
    method,
    url: `/api/v1/connected/events${url}`,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
  });
const list = async (user: UserRow): Promise<number[]> =>
  (await call('GET', '/favorite', user)).json().events.map((e: { id: number }) => e.id);
const state = async (user: UserRow, id: number): Promise<boolean> =>
  (await call('GET', `/id/${id}/favorite`, user)).json().isFavorite;

const routes = (id: number | string): Array<[Method, string]> => [
  ['GET', '/favorite'],
  ['GET', `/id/${id}/favorite`],
  ['POST', `/id/${id}/favorite`],
  ['DELETE', `/id/${id}/favorite`],
];

describe('access', () => {
  it('needs a signed-in user on every route', async () => {
    for (const [method, url] of routes(1)) {
      const res = await call(method, url);
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
      expect(res.json()).toEqual({ errors: { global: 'You must be signed in' } });
    }
    expect((await call('GET', '/favorite', undefined, 'fr')).json()).toEqual({
      errors: { global: 'Vous devez être connecté' },
    });
  });

  it('refuses event-managers (owner or not) and administrators, even of the viewer type', async () => {
    const event = await createEvent();
    const viewerAdmin = await createUser(ctx, 'admin', { type: 'viewer' });
    for (const user of [owner, other, admin, viewerAdmin]) {
      for (const [method, url] of routes(event.id)) {
        const res = await call(method, url, user);
        expect([user.email, method, url, res.statusCode]).toEqual([user.email, method, url, 403]);
        expect(res.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
      }
    }
    expect((await call('POST', `/id/${event.id}/favorite`, owner, 'fr')).json()).toEqual({
      errors: { global: "Vous n'êtes pas autorisé à faire ceci" },
    });
    const rows = await ctx.db.execute(sql`SELECT 1 FROM favorites WHERE event_id = ${event.id}`);
    expect(rows.rows).toEqual([]);
  });
});

describe('a viewer', () => {
  it('adds and removes favourites, both idempotent, each viewer their own', async () => {
    const viewer = await createUser(ctx, 'viewer');
    const neighbour = await createUser(ctx, 'viewer');
    const event = await createEvent();
    expect(await state(viewer, event.id)).toBe(false);
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/id/${event.id}/favorite`, viewer);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await state(viewer, event.id)).toBe(true);
    expect(await list(viewer)).toEqual([event.id]);
    expect(await state(neighbour, event.id)).toBe(false);
    expect(await list(neighbour)).toEqual([]);
    for (let i = 0; i < 2; i++) {
      expect((await call('DELETE', `/id/${event.id}/favorite`, viewer)).statusCode).toBe(204);
    }
    expect(await state(viewer, event.id)).toBe(false);
    expect(await list(viewer)).toEqual([]);
  });

  it('lists favourites latest first, presented without the creator, past ones included', async () => {
    const viewer = await createUser(ctx, 'viewer');
    const first = await createEvent({ titleFr: 'Premier' });
    const second = await createEvent({
      titleFr: 'Second',
      dates: [{ startDate: wallClock(-30), endDate: wallClock(-29) }],
    });
    const third = await createEvent({ titleFr: 'Troisième' });
    for (const event of [second, first, third]) await call('POST', `/id/${event.id}/favorite`, viewer);
    const res = await call('GET', '/favorite', viewer);
    expect(res.statusCode).toBe(200);
    const events = res.json().events;
    expect(events.map((e: { id: number }) => e.id)).toEqual([third.id, first.id, second.id]);
    expect(events[0]).toMatchObject({ titleFr: 'Troisième', uuid: third.uuid, isPast: false });
    expect(events[0].creator).toBeUndefined();
    expect(events[2].isPast).toBe(true);
  });

  it('gets 404 for unknown or deleted events, which leave the list', async () => {
    const viewer = await createUser(ctx, 'viewer');
    const event = await createEvent();
    await call('POST', `/id/${event.id}/favorite`, viewer);
    await ctx.db.execute(sql`UPDATE events SET deleted_at = now() WHERE id = ${event.id}`);
    expect(await list(viewer)).toEqual([]);
    for (const id of [event.id, 999_999]) {
      for (const [method, url] of routes(id).slice(1)) {
        const res = await call(method, url, viewer);
        expect([method, url, res.statusCode]).toEqual([method, url, 404]);
        expect(res.json()).toEqual({ errors: { global: 'Not found' } });
      }
    }
    expect((await call('GET', '/id/999999/favorite', viewer, 'fr')).json()).toEqual({
      errors: { global: 'Introuvable' },
    });
  });

  it('cannot add an inactive event; a favourite of an event deactivated later is kept but not listed', async () => {
    const viewer = await createUser(ctx, 'viewer');
    const inactive = await createEvent();
    const later = await createEvent();
    await call('POST', `/id/${later.id}/favorite`, viewer);
    await ctx.db.execute(sql`UPDATE events SET active = false WHERE id IN (${inactive.id}, ${later.id})`);
    expect((await call('POST', `/id/${inactive.id}/favorite`, viewer)).statusCode).toBe(404);
    expect(await state(viewer, inactive.id)).toBe(false);
    expect(await state(viewer, later.id)).toBe(true);
    expect(await list(viewer)).toEqual([]);
    await ctx.db.execute(sql`UPDATE events SET active = true WHERE id = ${later.id}`);
    expect(await list(viewer)).toEqual([later.id]);
    await ctx.db.execute(sql`UPDATE events SET active = false WHERE id = ${later.id}`);
    expect((await call('DELETE', `/id/${later.id}/favorite`, viewer)).statusCode).toBe(204);
    expect(await state(viewer, later.id)).toBe(false);
  });

  it('gets the exact error for invalid ids', async () => {
    const viewer = await createUser(ctx, 'viewer');
    for (const [method, url] of routes('abc').slice(1)) {
      const res = await call(method, url, viewer);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { id: 'The id is invalid' } });
    }
    expect((await call('POST', '/id/-4/favorite', viewer, 'fr')).json()).toEqual({
      errors: { id: "L'identifiant n'est pas valide" },
    });
  });
});
