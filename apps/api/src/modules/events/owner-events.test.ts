import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import { eventDays } from '../../db/schema/event-days';
import { uploads } from '../../db/schema/uploads';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let owner: UserRow;
let other: UserRow;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'event-manager');
  other = await createUser(ctx, 'event-manager');
});
afterAll(() => ctx.close());

const create = (user: UserRow, body: Record<string, unknown>, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, user, lang),
    payload: body,
  });
const update = (user: UserRow, id: number, body: Record<string, unknown>, lang = 'en') =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/connected/events/${id}`,
    headers: authHeaders(ctx.app, user, lang),
    payload: body,
  });
const publicGet = (handleOrUuid: string) => ctx.app.inject(`/api/v1/public/events/handle-or-uuid/${handleOrUuid}`);

describe('access', () => {
  it.each([
    ['GET', '/connected/events'],
    ['GET', '/connected/events/uuid/00000000-0000-0000-0000-000000000000'],
    ['POST', '/connected/events'],
    ['PUT', '/connected/events/1'],
    ['DELETE', '/connected/events/id/1'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const res = await ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { global: 'You must be signed in' } });
  });

  it('does not let a viewer publish', async () => {
    const viewer = await createUser(ctx, 'viewer');
    const res = await create(viewer, eventBody());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
  });
});

describe('POST /connected/events', () => {
  it('creates the event with a readable handle, defaults and the search index', async () => {
    const res = await create(
      owner,
      eventBody({ titleFr: 'Fête de la Musique!', titleEn: '', state: undefined, country: undefined }),
    );
    expect(res.statusCode).toBe(200);
    const { event } = res.json();
    expect(event).toMatchObject({
      handle: 'fete-de-la-musique',
      titleFr: 'Fête de la Musique!',
      titleEn: 'Fête de la Musique!',
      state: 'QC',
      country: 'CA',
      active: true,
      creatorId: owner.id,
      creator: { id: owner.id, email: owner.email },
      isPast: false,
      timeZone: 'America/Toronto',
      eventStatCount: { viewCount: 0 },
    });
    expect(event.uuid).toMatch(/^[0-9a-f-]{36}$/);
    // No English title: the English answer shows the French one, marked as not translated.
    expect(event.untranslated.en).toContain('title');
    expect(event.untranslated.fr).toEqual([]);
    const days = await ctx.db.select().from(eventDays).where(eq(eventDays.eventId, event.id));
    expect(days.length).toBeGreaterThanOrEqual(1);
    const again = await create(owner, eventBody({ titleFr: 'Fete de la musique' }));
    expect(again.json().event.handle).toBe('fete-de-la-musique-2');
  });

  it('requires the French title, in the request language', async () => {
    expect((await create(owner, eventBody({ titleFr: '  ' }))).json()).toEqual({
      errors: { titleFr: 'Title is required' },
    });
    expect((await create(owner, { dates: [] }, 'fr')).json()).toEqual({
      errors: { titleFr: 'Le titre est obligatoire' },
    });
  });

  it('checks every date rule with its message', async () => {
    const res = await create(
      owner,
      eventBody({
        dates: [
          { startDate: '2031-05-10 20:00:00', endDate: '2031-05-09 22:00:00' },
          { startDate: '2031-05-10 20:00:00', endDate: '2031-05-10 20:00:00' },
          { startDate: '2031-05-10 20:00:00', endDate: '2031-05-12 01:00:00' },
          { startDate: '2031-05-10 20:10:00' },
          { startDate: '2031-02-30 20:00:00' },
          { startDate: '2031-05-10 20:00:00', endDate: '2031-05-11 02:00:00' },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        'dates.0.endDate': 'The end cannot be before the start day',
        'dates.1.endDate': 'On the same day, the end must be at least 15 minutes after the start',
        'dates.2.endDate': 'The end must be within 1 day after the start',
        'dates.3.startDate': 'Minutes must be 00, 15, 30 or 45',
        'dates.4.startDate': 'The date is invalid; the format is YYYY-MM-DD HH:mm:ss',
      },
    });
  });

  it('ignores zero or out-of-range coordinates and keeps such events off the map', async () => {
    const { event } = (await create(owner, eventBody({ latitude: 0, longitude: 250 }))).json();
    expect(event).toMatchObject({ latitude: null, longitude: null });
    expect(await ctx.db.select().from(eventDays).where(eq(eventDays.eventId, event.id))).toEqual([]);
  });

  it('accepts only images the caller uploaded', async () => {
    await ctx.db.insert(uploads).values([
      { userId: owner.id, folder: 'events', path: 'events/2031/01/mine', formats: [100, 124, 512] },
      { userId: other.id, folder: 'events', path: 'events/2031/01/theirs', formats: [100] },
    ]);
    const ok = await create(owner, eventBody({ images: [{ imagePath: 'events/2031/01/mine', orderIdx: 0 }] }));
    expect(ok.json().event.images).toEqual([
      {
        imagePath: 'events/2031/01/mine',
        imageUrl: '/uploads/events/2031/01/mine/512.jpg',
        orderIdx: 0,
        formats: [100, 124, 512],
      },
    ]);
    const theirs = await create(owner, eventBody({ images: [{ imagePath: 'events/2031/01/theirs', orderIdx: 0 }] }));
    expect(theirs.json()).toEqual({ errors: { 'images.0.imagePath': 'The field imagePath is not valid' } });
  });

  it('applies the plan rules with the messages of the catalogue', async () => {
    const noPlan = await createUser(ctx, 'event-manager', { planType: null });
    expect((await create(noPlan, eventBody())).json()).toEqual({
      errors: { global: 'No plan selected. Please select a plan to continue.' },
    });
    const canceled = await createUser(ctx, 'event-manager', { planType: 'canceled' });
    expect((await create(canceled, eventBody())).json()).toEqual({
      errors: { global: 'You do not have a subscription. Please select a plan to continue.' },
    });
    const expired = await createUser(ctx, 'event-manager', {
      planType: 'trial',
      trialEndedAt: new Date(Date.now() - 1000),
    });
    const res = await create(expired, eventBody(), 'fr');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      errors: {
        global:
          "Vous avez atteint la limite de votre essai gratuit. Veuillez changer de forfait pour continuer d'utiliser le produit.",
      },
    });
    const unit = await createUser(ctx, 'event-manager', { planType: 'unit', state: 'QC' });
    // Unit publications are charged: give the user a card of the built-in payment provider.
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', postalCode: 'H2X 1Y4' };
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/me/payment-methods',
      headers: authHeaders(ctx.app, unit),
      payload: card,
    });
    expect((await create(unit, eventBody({ recurring: 'weekly' }))).json()).toEqual({
      errors: { global: 'Your plan does not include recurring events' },
    });
    expect((await create(unit, eventBody({ recurring: 'none' }))).statusCode).toBe(200);
    const trial = await createUser(ctx, 'event-manager', {
      planType: 'trial',
      trialEndedAt: new Date(Date.now() + 86_400_000),
    });
    expect((await create(trial, eventBody({ recurring: 'weekly' }))).statusCode).toBe(200);
  });
});

describe('reading own events', () => {
  it('lists own events with what the profile needs to split upcoming and past', async () => {
    const manager = await createUser(ctx, 'event-manager');
    const future = (await create(manager, eventBody({ titleFr: 'Futur' }))).json().event;
    const past = (
      await create(
        manager,
        eventBody({ titleFr: 'Passé', dates: [{ startDate: wallClock(-50), endDate: wallClock(-48) }] }),
      )
    ).json().event;
    const undated = (await create(manager, eventBody({ titleFr: 'Sans date', dates: [] }))).json().event;
    const res = await ctx.app.inject({ url: '/api/v1/connected/events', headers: authHeaders(ctx.app, manager) });
    const list = res.json().events as Array<{ id: number; isPast: boolean }>;
    expect(list.map((e) => [e.id, e.isPast])).toEqual([
      [past.id, true],
      [future.id, false],
      [undated.id, true],
    ]);
  });

  it("answers one's own event by uuid, 403 for another's, 404 for none", async () => {
    const event = (await create(owner, eventBody())).json().event;
    const get = (user: UserRow, uuid: string) =>
      ctx.app.inject({ url: `/api/v1/connected/events/uuid/${uuid}`, headers: authHeaders(ctx.app, user) });
    expect((await get(owner, event.uuid)).json().event.id).toBe(event.id);
    expect((await get(other, event.uuid)).statusCode).toBe(403);
    expect((await get(owner, '5b6f0f8e-0000-4000-8000-000000000000')).json()).toEqual({
      errors: { global: 'Not found' },
    });
    expect((await get(owner, 'not-a-uuid')).statusCode).toBe(404);
  });
});

describe('PUT /connected/events/{id}', () => {
  it('edits own future events and keeps the handle', async () => {
    const event = (await create(owner, eventBody({ titleFr: 'Marché de Noël' }))).json().event;
    const res = await update(owner, event.id, eventBody({ titleFr: 'Grand marché de Noël', price: '5 $' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({ handle: 'marche-de-noel', titleFr: 'Grand marché de Noël', price: '5 $' });
    expect((await publicGet('marche-de-noel')).json().event.titleFr).toBe('Grand marché de Noël');
  });

  it("refuses another's event, past events, inactive events and bad ids", async () => {
    const event = (await create(owner, eventBody())).json().event;
    expect((await update(other, event.id, eventBody())).statusCode).toBe(403);
    expect((await update(owner, 999_999, eventBody())).statusCode).toBe(404);
    expect((await update(owner, 'abc' as unknown as number, eventBody())).json()).toEqual({
      errors: { id: 'The id is invalid' },
    });

    const past = (
      await create(owner, eventBody({ dates: [{ startDate: wallClock(-30), endDate: wallClock(-29) }] }))
    ).json().event;
    expect((await update(owner, past.id, eventBody())).json()).toEqual({
      errors: { global: 'This event is past and can no longer be modified' },
    });
    await ctx.db.execute(sql`UPDATE events SET active = false WHERE id = ${event.id}`);
    expect((await update(owner, event.id, eventBody())).json()).toEqual({
      errors: { global: 'This event was deactivated by an administrator and cannot be modified' },
    });
  });

  it('lets only the complete plans modify an event in progress', async () => {
    const trial = await createUser(ctx, 'event-manager', {
      planType: 'trial',
      trialEndedAt: new Date(Date.now() + 86_400_000),
    });
    const running = eventBody({ dates: [{ startDate: wallClock(-1), endDate: wallClock(3) }] });
    const event = (await create(trial, running)).json().event;
    expect((await update(trial, event.id, running)).json()).toEqual({
      errors: { global: 'This event is in progress: your plan does not allow modifying current events' },
    });
    const complete = await createUser(ctx, 'event-manager', { planType: 'complete' });
    const mine = (await create(complete, running)).json().event;
    expect((await update(complete, mine.id, running)).statusCode).toBe(200);
  });
});

describe('DELETE /connected/events/id/{id}', () => {
  it('soft-deletes own events: gone from the owner list, the map and the public page', async () => {
    const event = (await create(owner, eventBody())).json().event;
    const del = (user: UserRow) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/connected/events/id/${event.id}`,
        headers: authHeaders(ctx.app, user),
      });
    expect((await del(other)).statusCode).toBe(403);
    expect((await del(owner)).statusCode).toBe(204);
    expect((await publicGet(event.uuid)).statusCode).toBe(404);
    expect(await ctx.db.select().from(eventDays).where(eq(eventDays.eventId, event.id))).toEqual([]);
    expect((await del(owner)).statusCode).toBe(404);
  });
});

describe('GET /public/events/handle-or-uuid/{x}', () => {
  it('answers active events by handle or uuid, without the creator, and 404 otherwise', async () => {
    const event = (
      await create(owner, eventBody({ titleFr: 'Course du Mont-Royal', titleEn: null, descriptionEn: '' }))
    ).json().event;
    const byHandle = await publicGet('course-du-mont-royal');
    expect(byHandle.statusCode).toBe(200);
    expect(byHandle.json().event).toMatchObject({
      id: event.id,
      titleEn: 'Course du Mont-Royal',
      descriptionEn: 'Concert en plein air.',
    });
    expect(byHandle.json().event.creator).toBeUndefined();
    expect((await publicGet(event.uuid)).json().event.id).toBe(event.id);
    const missing = await ctx.app.inject({
      url: '/api/v1/public/events/handle-or-uuid/nope',
      headers: { 'accept-language': 'fr' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: { global: 'Introuvable' } });
    await ctx.db.execute(sql`UPDATE events SET active = false WHERE id = ${event.id}`);
    expect((await publicGet(event.uuid)).statusCode).toBe(404);
  });
});
