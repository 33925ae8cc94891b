import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { type BillingContext, billedManager, call, createBillingApp, subscribe } from '../../../test/billing';
import { eventBody, wallClock } from '../../../test/events';
import { events } from '../../db/schema/events';
import { invoices } from '../../db/schema/invoices';
import { planChanges } from '../../db/schema/plan-changes';
import { subscriptions } from '../../db/schema/subscriptions';
import type { UserRow } from '../../plugins/auth';

let ctx: BillingContext;
let viewer: UserRow;
let manager: UserRow;
let admin: UserRow;
beforeAll(async () => {
  ctx = await createBillingApp('local');
  viewer = await createUser(ctx, 'viewer');
  manager = await billedManager(ctx);
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx.close());

const ROUTES = [
  ['PUT', '/connected/me/plans', { planType: 'unit' }],
  ['GET', '/connected/me/subscription', undefined],
  ['GET', '/connected/me/payment-methods', undefined],
  ['POST', '/connected/me/payment-methods/setup', undefined],
  ['POST', '/connected/me/payment-methods', {}],
  ['DELETE', '/connected/me/payment-methods/1', undefined],
  ['GET', '/connected/me/invoices', undefined],
] as const;

describe('permissions of the billing routes', () => {
  it.each(ROUTES)('%s %s: 401 signed out, 403 for viewers, before reading the body', async (method, url, payload) => {
    const anonymous = await call(ctx, null, method, url, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ errors: { global: 'You must be signed in' } });
    const bad = await ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: 'Bearer nope', 'accept-language': 'fr' },
      payload,
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ errors: { global: 'Vous devez être connecté' } });
    const forbidden = await call(ctx, viewer, method, url, payload);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
  });

  it.each(ROUTES.filter(([method]) => method === 'GET'))('%s %s answers an event-manager', async (method, url) => {
    expect((await call(ctx, manager, method, url)).statusCode).toBe(200);
  });

  it('answers empty billing for a new event-manager', async () => {
    expect((await call(ctx, manager, 'GET', '/connected/me/payment-methods')).json()).toEqual({ paymentMethods: [] });
    expect((await call(ctx, manager, 'GET', '/connected/me/invoices')).json()).toEqual({ invoices: [] });
    const none = await billedManager(ctx, { planType: null, trialEndedAt: null });
    expect((await call(ctx, none, 'GET', '/connected/me/subscription')).json()).toEqual({ subscription: null });
  });

  it('answers bad plan bodies with exact messages, in both languages', async () => {
    const values = 'trial, unit, complete, canceled';
    const wrong = await call(ctx, manager, 'PUT', '/connected/me/plans', { planType: 'gold' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      errors: { planType: `The enum field is not valid; valid values are: ${values}` },
    });
    // free-complete is granted by administrators only.
    const free = await call(ctx, manager, 'PUT', '/connected/me/plans', { planType: 'free-complete' }, 'fr');
    expect(free.json()).toEqual({
      errors: { planType: `La valeur n'est pas valide; les valeurs possibles sont : ${values}` },
    });
    const missing = await call(ctx, manager, 'PUT', '/connected/me/plans', {});
    expect(missing.json()).toEqual({ errors: { planType: 'The field planType is required' } });
    const notJson = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/connected/me/plans',
      headers: { ...authHeaders(ctx.app, manager), 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.json()).toEqual({ errors: { global: 'The field body is not valid JSON' } });
    expect(await ctx.db.select().from(planChanges).where(eq(planChanges.userId, manager.id))).toEqual([]);
  });

  it('documents the billing routes', async () => {
    const paths = Object.keys((await ctx.app.inject('/api/docs/json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/connected/me/plans',
        '/api/v1/connected/me/subscription',
        '/api/v1/connected/me/payment-methods',
        '/api/v1/connected/me/payment-methods/setup',
        '/api/v1/connected/me/payment-methods/{id}',
        '/api/v1/connected/me/invoices',
        '/api/v1/invoices/{id}/pdf',
      ]),
    );
  });
});

describe('plan-required answers of the event calls', () => {
  const messages = {
    noPlan: [
      'No plan selected. Please select a plan to continue.',
      'Aucun forfait sélectionné. Veuillez choisir un forfait pour continuer.',
    ],
    canceled: [
      'You do not have a subscription. Please select a plan to continue.',
      "Vous n'avez pas d'abonnement. Veuillez choisir un forfait pour continuer.",
    ],
    trialEnded: [
      'You have reached the limit of your free trial. Please upgrade your plan to continue using the product.',
      "Vous avez atteint la limite de votre essai gratuit. Veuillez changer de forfait pour continuer d'utiliser le produit.",
    ],
  } as const;

  it.each([
    ['noPlan', { planType: null, trialEndedAt: null }],
    ['canceled', { planType: 'canceled' }],
    ['trialEnded', { planType: 'trial', trialEndedAt: new Date(Date.now() - 1000) }],
  ] as const)('%s: publishing and editing answer 403 with the catalogue message', async (state, overrides) => {
    const user = await billedManager(ctx);
    const created = await call(ctx, user, 'POST', '/connected/events', eventBody());
    expect(created.statusCode).toBe(200);
    const id = created.json().event.id;
    const locked = await billedManager(ctx, overrides);
    await ctx.db.update(events).set({ creatorId: locked.id }).where(eq(events.id, id));
    const [en, fr] = messages[state];
    const publish = await call(ctx, locked, 'POST', '/connected/events', eventBody());
    expect(publish.statusCode).toBe(403);
    expect(publish.json()).toEqual({ errors: { global: en } });
    const edit = await call(ctx, locked, 'PUT', `/connected/events/${id}`, eventBody(), 'fr');
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ errors: { global: fr } });
  });
});

describe('plan history', () => {
  it("records a viewer's upgrade to event-manager (a trial starts) as a plan change", async () => {
    const upgraded = await createUser(ctx, 'viewer');
    const res = await call(ctx, upgraded, 'PUT', '/connected/me', { type: 'event-manager' });
    expect(res.json().user.planType).toBe('trial');
    expect(await ctx.db.select().from(planChanges).where(eq(planChanges.userId, upgraded.id))).toEqual([
      expect.objectContaining({ changedBy: upgraded.id, fromPlan: null, toPlan: 'trial', source: 'user' }),
    ]);
  });
});

describe('PUT /connected/admin/users/:id/plans', () => {
  const setPlan = (actor: UserRow | null, id: number, planType: unknown) =>
    call(ctx, actor, 'PUT', `/connected/admin/users/${id}/plans`, { planType });

  it('is for administrators only', async () => {
    expect((await setPlan(null, manager.id, 'complete')).statusCode).toBe(401);
    expect((await setPlan(manager, manager.id, 'complete')).statusCode).toBe(403);
    expect((await setPlan(viewer, manager.id, 'complete')).statusCode).toBe(403);
  });

  it('sets complete without charging or a card, recorded as an admin change; the renewal job bills later', async () => {
    const user = await billedManager(ctx);
    const res = await setPlan(admin, user.id, 'complete');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.planType).toBe('complete');
    expect(await ctx.db.select().from(invoices).where(eq(invoices.userId, user.id))).toEqual([]);
    const [subscription] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subscription).toMatchObject({ status: 'active', planType: 'complete', provider: 'local' });
    expect(await ctx.db.select().from(planChanges).where(eq(planChanges.userId, user.id))).toEqual([
      expect.objectContaining({ changedBy: admin.id, fromPlan: 'trial', toPlan: 'complete', source: 'admin' }),
    ]);
    // The trial end is the administrator's to set: the change leaves it alone.
    expect(res.json().user.trialEndedAt).toBe(user.trialEndedAt!.toISOString());
  });

  it('moving a subscriber off complete deletes the events after the renewal date, except to free-complete', async () => {
    const user = await billedManager(ctx);
    await subscribe(ctx, user, 'complete');
    const [subscription] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const hours = (subscription!.currentPeriodEnd!.getTime() - Date.now()) / 3_600_000;
    const later = (
      await call(ctx, user, 'POST', '/connected/events', eventBody({ dates: [{ startDate: wallClock(hours + 48) }] }))
    ).json().event;
    expect((await setPlan(admin, user.id, 'free-complete')).json().user.planType).toBe('free-complete');
    const [kept] = await ctx.db.select().from(events).where(eq(events.id, later.id));
    expect(kept!.deletedAt).toBeNull();

    const other = await billedManager(ctx);
    await subscribe(ctx, other, 'complete');
    const gone = (
      await call(ctx, other, 'POST', '/connected/events', eventBody({ dates: [{ startDate: wallClock(hours + 48) }] }))
    ).json().event;
    expect((await setPlan(admin, other.id, 'unit')).statusCode).toBe(200);
    const [deleted] = await ctx.db.select().from(events).where(eq(events.id, gone.id));
    expect(deleted!.deletedAt).not.toBeNull();
    const history = await ctx.db
      .select()
      .from(planChanges)
      .where(eq(planChanges.userId, other.id))
      .orderBy(asc(planChanges.id));
    expect(history.map((c) => `${c.source}:${c.fromPlan}->${c.toPlan}`)).toEqual([
      'user:trial->complete',
      'admin:complete->unit',
    ]);
  });
});
