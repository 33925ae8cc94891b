import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let owner: UserRow;
let other: UserRow;
let viewer: UserRow;
let admin: UserRow;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'event-manager', { website: 'https://owner.example.ca', phoneNumber: '5145550100' });
  other = await createUser(ctx, 'event-manager', { website: 'https://other.example.ca', phoneNumber: '4185550199' });
  viewer = await createUser(ctx, 'viewer');
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx.close());

type Created = { id: number; uuid: string };
const ownEvent = async (overrides: Record<string, unknown> = {}): Promise<Created> =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/events',
      headers: authHeaders(ctx.app, owner),
      payload: eventBody(overrides),
    })
  ).json().event;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, user?: UserRow, payload?: object, lang = 'en') =>
  ctx.app.inject({
    method,
    url: `/api/v1/connected/admin/events${url}`,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
    payload,
  });
const create = (body: object, lang = 'en') => call('POST', '', admin, body, lang);
const update = (id: number | string, body: object, lang = 'en') => call('PUT', `/${id}`, admin, body, lang);
const publicGet = (uuid: string) => ctx.app.inject(`/api/v1/public/events/handle-or-uuid/${uuid}`);
const CREATOR_MESSAGE = { errors: { creatorId: 'The creator must be an event-manager who is not an administrator' } };

/** The payloads of events_changed notifications sent while `action` runs. */
async function changes(action: () => Promise<unknown>): Promise<Array<{ type: string; id: number }>> {
  const client = await ctx.app.pool.connect();
  const seen: Array<{ type: string; id: number }> = [];
  client.on('notification', (message) => seen.push(JSON.parse(message.payload ?? '{}')));
  await client.query('LISTEN events_changed');
  try {
    await action();
    await client.query('SELECT 1');
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    await client.query('UNLISTEN events_changed');
    client.release();
  }
  return seen.map(({ type, id }) => ({ type, id }));
}

describe('access', () => {
  it('needs a signed-in administrator on every route, even for another user’s event by id and by uuid', async () => {
    const event = await ownEvent();
    const routes: Array<[Method, string, object?]> = [
      ['GET', ''],
      ['GET', `/uuid/${event.uuid}`],
      ['POST', '', { titleFr: 'x' }],
      ['PUT', `/${event.id}`, eventBody()],
      ['DELETE', `/id/${event.id}`],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await call(method, url, undefined, payload);
      expect([method, url, anonymous.statusCode]).toEqual([method, url, 401]);
      expect(anonymous.json()).toEqual({ errors: { global: 'You must be signed in' } });
      for (const user of [viewer, owner, other]) {
        const refused = await call(method, url, user, payload);
        expect([user.email, method, url, refused.statusCode]).toEqual([user.email, method, url, 403]);
        expect(refused.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
      }
    }
    // Refused before the body is read: an invalid body still answers 403.
    expect((await call('POST', '', owner, {}, 'fr')).json()).toEqual({
      errors: { global: "Vous n'êtes pas autorisé à faire ceci" },
    });
    expect((await call('GET', '', undefined, undefined, 'fr')).json()).toEqual({
      errors: { global: 'Vous devez être connecté' },
    });
    expect((await publicGet(event.uuid)).statusCode).toBe(200);
  });
});

describe('GET /connected/admin/events/uuid/{uuid}', () => {
  it('answers any event with its creator, deleted and inactive ones included', async () => {
    const event = await ownEvent({ titleFr: 'Atelier de poterie' });
    await ctx.db.execute(sql`UPDATE events SET active = false, deleted_at = now() WHERE id = ${event.id}`);
    const res = await call('GET', `/uuid/${event.uuid}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      id: event.id,
      titleFr: 'Atelier de poterie',
      active: false,
      creator: { id: owner.id, email: owner.email },
    });
    expect(res.json().event.deletedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers 404 for unknown or malformed uuids', async () => {
    const missing = await call('GET', '/uuid/5b6f0f8e-0000-4000-8000-000000000000', admin, undefined, 'fr');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: { global: 'Introuvable' } });
    expect((await call('GET', '/uuid/not-a-uuid', admin)).json()).toEqual({ errors: { global: 'Not found' } });
  });
});

describe('POST /connected/admin/events', () => {
  it('needs only the French title and leaves the event unassigned without a creator', async () => {
    const res = await create({ titleFr: 'Brouillon' });
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      titleFr: 'Brouillon',
      handle: 'brouillon',
      active: true,
      creatorId: null,
      creator: null,
      dates: [],
      categoryId: null,
      address: null,
      isPast: true,
    });
    expect((await create({})).json()).toEqual({ errors: { titleFr: 'Title is required' } });
    expect((await create({ titleFr: ' ' }, 'fr')).json()).toEqual({ errors: { titleFr: 'Le titre est obligatoire' } });
  });

  it('applies the date rules and no plan rules', async () => {
    const res = await create(eventBody({ dates: [{ startDate: '2031-05-10 20:10:00' }] }));
    expect(res.json()).toEqual({ errors: { 'dates.0.startDate': 'Minutes must be 00, 15, 30 or 45' } });
    // The administrator has no plan: recurrence and publication are still allowed.
    expect((await create(eventBody({ recurring: 'weekly' }))).statusCode).toBe(200);
  });

  it('assigns an event-manager as creator and copies their website and phone when the body has none', async () => {
    const res = await create(eventBody({ creatorId: other.id, website: '', phoneNumber: null, active: false }));
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      creatorId: other.id,
      creator: { id: other.id, email: other.email },
      website: 'https://other.example.ca',
      phoneNumber: '4185550199',
      active: false,
      latitude: 45.4986,
      longitude: -73.5794,
    });
    const own = await create(eventBody({ creatorId: other.id, website: 'festival.example.ca' }));
    expect(own.json().event).toMatchObject({ website: 'https://festival.example.ca', phoneNumber: '4185550199' });
  });

  it('refuses administrators, viewers and unknown users as creators', async () => {
    const otherAdmin = await createUser(ctx, 'admin');
    for (const creatorId of [admin.id, otherAdmin.id, viewer.id, 999_999]) {
      const res = await create(eventBody({ creatorId }));
      expect([creatorId, res.statusCode]).toEqual([creatorId, 400]);
      expect(res.json()).toEqual(CREATOR_MESSAGE);
    }
    expect((await create(eventBody({ creatorId: viewer.id }), 'fr')).json()).toEqual({
      errors: { creatorId: "Le créateur doit être un organisateur qui n'est pas administrateur" },
    });
  });
});

describe('PUT /connected/admin/events/{id}', () => {
  it('requires the title, category, dates and address, with every message', async () => {
    const event = await ownEvent();
    const empty = await update(event.id, {});
    expect(Object.keys(empty.json().errors).sort()).toEqual(['address', 'categoryId', 'dates', 'titleFr']);
    const res = await update(event.id, { titleFr: '', dates: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        titleFr: 'Title is required',
        categoryId: 'Category is required',
        dates: 'Dates are required',
        address: 'Address is required',
      },
    });
    expect((await update(event.id, { titleFr: 'Titre', address: ' ' }, 'fr')).json()).toEqual({
      errors: {
        categoryId: 'La catégorie est obligatoire',
        dates: 'Les dates sont obligatoires',
        address: "L'adresse est obligatoire",
      },
    });
  });

  it('edits any event, past ones included, keeping the creator when the body names none', async () => {
    const past = await ownEvent({ dates: [{ startDate: wallClock(-30), endDate: wallClock(-29) }] });
    const res = await update(past.id, eventBody({ titleFr: 'Revu par l’admin', latitude: 46.8, longitude: -71.2 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      id: past.id,
      titleFr: 'Revu par l’admin',
      latitude: 46.8,
      longitude: -71.2,
      creatorId: owner.id,
      creator: { id: owner.id, email: owner.email },
    });
  });

  it('deactivates and reactivates, telling the maps', async () => {
    const event = await ownEvent();
    const off = await changes(() => update(event.id, eventBody({ active: false })));
    expect(off).toEqual([{ type: 'deactivated', id: event.id }]);
    expect((await publicGet(event.uuid)).statusCode).toBe(404);
    const on = await changes(() => update(event.id, eventBody({ active: true })));
    expect(on).toEqual([{ type: 'updated', id: event.id }]);
    expect((await publicGet(event.uuid)).statusCode).toBe(200);
  });

  it('reassigns the creator, copying their website and phone, and the previous owner loses the event', async () => {
    const event = await ownEvent({ website: null, phoneNumber: null });
    const res = await update(event.id, eventBody({ creatorId: other.id }));
    expect(res.json().event).toMatchObject({
      creatorId: other.id,
      creator: { id: other.id, email: other.email },
      website: 'https://other.example.ca',
      phoneNumber: '4185550199',
    });
    const mine = await ctx.app.inject({
      url: `/api/v1/connected/events/uuid/${event.uuid}`,
      headers: authHeaders(ctx.app, owner),
    });
    expect(mine.statusCode).toBe(403);
    expect((await update(event.id, eventBody({ creatorId: admin.id }))).json()).toEqual(CREATOR_MESSAGE);
    expect((await update(event.id, eventBody({ creatorId: viewer.id }))).json()).toEqual(CREATOR_MESSAGE);
  });

  it('answers 404 for unknown or deleted events and 400 for invalid ids', async () => {
    expect((await update(999_999, eventBody())).json()).toEqual({ errors: { global: 'Not found' } });
    const event = await ownEvent();
    await ctx.db.execute(sql`UPDATE events SET deleted_at = now() WHERE id = ${event.id}`);
    expect((await update(event.id, eventBody(), 'fr')).json()).toEqual({ errors: { global: 'Introuvable' } });
    expect((await update('abc', eventBody())).json()).toEqual({ errors: { id: 'The id is invalid' } });
  });
});

describe('DELETE /connected/admin/events/id/{id}', () => {
  it('soft-deletes any event once; it leaves the map but stays readable by administrators', async () => {
    const event = await ownEvent();
    const seen = await changes(async () => {
      const res = await call('DELETE', `/id/${event.id}`, admin);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    });
    expect(seen).toEqual([{ type: 'deleted', id: event.id }]);
    expect((await publicGet(event.uuid)).statusCode).toBe(404);
    expect((await call('GET', `/uuid/${event.uuid}`, admin)).json().event.deletedAt).not.toBeNull();
    expect((await call('DELETE', `/id/${event.id}`, admin)).json()).toEqual({ errors: { global: 'Not found' } });
    expect((await call('DELETE', '/id/999999', admin, undefined, 'fr')).json()).toEqual({
      errors: { global: 'Introuvable' },
    });
    expect((await call('DELETE', '/id/1.5', admin)).json()).toEqual({ errors: { id: 'The id is invalid' } });
  });
});
