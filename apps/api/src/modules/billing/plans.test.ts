import { errorMessage } from '@evmap/contract/errors';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, type BillingContext, billedManager, call, createBillingApp, PROVIDERS } from '../../../test/billing';
import { eventBody, wallClock } from '../../../test/events';
import { appMeta } from '../../db/schema/app-meta';
import { eventDays } from '../../db/schema/event-days';
import { events } from '../../db/schema/events';
import { invoices } from '../../db/schema/invoices';
import { planChanges } from '../../db/schema/plan-changes';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';

const DAY = 86_400_000;

describe.each(PROVIDERS)('plan changes (%s provider)', (provider) => {
  let ctx: BillingContext;
  beforeAll(async () => {
    ctx = await createBillingApp(provider);
  });
  afterAll(() => ctx.close());

  const setPlan = (user: UserRow, planType: unknown, lang = 'en') =>
    call(ctx, user, 'PUT', '/connected/me/plans', { planType }, lang);
  const row = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const changesOf = (id: number) =>
    ctx.db.select().from(planChanges).where(eq(planChanges.userId, id)).orderBy(asc(planChanges.id));
  const invoicesOf = (id: number) =>
    ctx.db.select().from(invoices).where(eq(invoices.userId, id)).orderBy(asc(invoices.id));
  const subscriptionsOf = (id: number) =>
    ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, id)).orderBy(asc(subscriptions.id));
  const publish = async (user: UserRow, dates: Array<{ startDate: string; endDate?: string }>, titleFr: string) => {
    const res = await call(ctx, user, 'POST', '/connected/events', eventBody({ titleFr, dates }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().event as { id: number; uuid: string; handle: string };
  };

  it('refuses unit and complete without a saved card, in both languages, and changes nothing', async () => {
    const user = await billedManager(ctx);
    for (const planType of ['unit', 'complete']) {
      const res = await setPlan(user, planType);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { global: 'Please add a payment method' } });
    }
    const fr = await setPlan(user, 'complete', 'fr');
    expect(fr.json()).toEqual({ errors: { global: 'Veuillez ajouter un moyen de paiement' } });
    expect(await row(user.id)).toEqual(user);
    expect(await changesOf(user.id)).toEqual([]);
    expect(await subscriptionsOf(user.id)).toEqual([]);
    expect(await invoicesOf(user.id)).toEqual([]);
  });

  it('trial -> unit: nothing charged yet, the trial ends for good, the change is recorded', async () => {
    const user = await billedManager(ctx);
    expect((await addCard(ctx, user)).statusCode).toBe(201);
    const before = Date.now();
    const res = await setPlan(user, 'unit');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, planType: 'unit' });
    const ended = new Date(res.json().user.trialEndedAt).getTime();
    expect(ended).toBeGreaterThanOrEqual(before - 1000);
    expect(ended).toBeLessThanOrEqual(Date.now());
    expect(await invoicesOf(user.id)).toEqual([]);
    expect(await changesOf(user.id)).toEqual([
      expect.objectContaining({ changedBy: user.id, fromPlan: 'trial', toPlan: 'unit', source: 'user' }),
    ]);
    // The trial cannot come back.
    const again = await setPlan(user, 'trial');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      errors: {
        global:
          'You have reached the limit of your free trial. Please upgrade your plan to continue using the product.',
      },
    });
    expect((await row(user.id)).planType).toBe('unit');
  });

  it('trial -> complete: charged at once with the Quebec taxes, and a monthly subscription opens', async () => {
    const user = await billedManager(ctx);
    await addCard(ctx, user);
    const res = await setPlan(user, 'complete');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.planType).toBe('complete');
    expect(new Date(res.json().user.trialEndedAt).getTime()).toBeLessThanOrEqual(Date.now());

    const [invoice] = await invoicesOf(user.id);
    expect(invoice).toMatchObject({
      subtotal: 3999,
      tax: 599,
      total: 4598,
      currency: 'cad',
      status: 'paid',
      provider,
      taxes: [
        { name: 'GST', rate: 5000, amount: 200 },
        { name: 'QST', rate: 9975, amount: 399 },
      ],
    });
    expect(invoice!.number).toMatch(/^EVM-\d{4}-\d{6}$/);
    expect(invoice!.lines).toEqual([
      expect.objectContaining({
        quantity: 1,
        unitAmount: 3999,
        amount: 3999,
        description: expect.stringMatching(/^Complete plan, /),
      }),
    ]);
    const [subscription] = await subscriptionsOf(user.id);
    expect(subscription).toMatchObject({ planType: 'complete', status: 'active', provider });
    const days = (subscription!.currentPeriodEnd!.getTime() - subscription!.currentPeriodStart!.getTime()) / DAY;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(invoice!.subscriptionId).toBe(subscription!.id);

    const view = await call(ctx, user, 'GET', '/connected/me/subscription');
    expect(view.json()).toEqual({
      subscription: {
        planType: 'complete',
        status: 'active',
        currentPeriodStart: subscription!.currentPeriodStart!.toISOString(),
        currentPeriodEnd: subscription!.currentPeriodEnd!.toISOString(),
        canceledAt: null,
        pastDueSince: null,
        graceEndsAt: null,
      },
    });
    if (ctx.stripe) {
      const paid = [...ctx.stripe.invoices.values()].filter((i) => i.number === invoice!.number);
      expect(paid).toEqual([expect.objectContaining({ status: 'paid', total: 4598, id: invoice!.providerRef })]);
      expect(invoice!.hostedPdfUrl).toBe(paid[0]!.invoice_pdf);
    }
  });

  it('unit <-> complete: each choice of complete is charged, leaving it cancels the subscription', async () => {
    const user = await billedManager(ctx, { billingState: 'ON' });
    await addCard(ctx, user);
    expect((await setPlan(user, 'unit')).statusCode).toBe(200);
    expect((await setPlan(user, 'complete')).json().user.planType).toBe('complete');
    expect((await setPlan(user, 'unit')).json().user.planType).toBe('unit');
    expect((await setPlan(user, 'complete')).json().user.planType).toBe('complete');
    expect((await invoicesOf(user.id)).map((i) => i.total)).toEqual([4519, 4519]);
    expect((await subscriptionsOf(user.id)).map((s) => s.status)).toEqual(['canceled', 'active']);
    expect((await changesOf(user.id)).map((c) => `${c.fromPlan}->${c.toPlan}`)).toEqual([
      'trial->unit',
      'unit->complete',
      'complete->unit',
      'unit->complete',
    ]);
    // Choosing the plan one has changes nothing and charges nothing.
    expect((await setPlan(user, 'complete')).statusCode).toBe(200);
    expect(await invoicesOf(user.id)).toHaveLength(2);
  });

  it('a refused payment for complete changes nothing (402, both languages)', async () => {
    const created = await billedManager(ctx);
    expect((await addCard(ctx, created, 'declinedOnCharge')).statusCode).toBe(201);
    const user = await row(created.id);
    const res = await setPlan(user, 'complete');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ errors: { global: errorMessage('paymentDeclined', 'en') } });
    const fr = await setPlan(user, 'complete', 'fr');
    expect(fr.json()).toEqual({ errors: { global: errorMessage('paymentDeclined', 'fr') } });
    expect(await row(user.id)).toEqual(user);
    expect(await subscriptionsOf(user.id)).toEqual([]);
    expect(await invoicesOf(user.id)).toEqual([]);
    expect(await changesOf(user.id)).toEqual([]);
    if (ctx.stripe) {
      const voided = [...ctx.stripe.invoices.values()].filter((i) => i.metadata.userId === String(user.id));
      expect(voided.map((i) => i.status)).toEqual(['void', 'void']);
    }
  });

  it('says a card declined for insufficient funds is, and what to do', async () => {
    // The built-in provider's test card; the Stripe fake declines one way only.
    if (ctx.provider !== 'local') return;
    const created = await billedManager(ctx);
    expect((await addCard(ctx, created, 'insufficientFunds')).statusCode).toBe(201);
    const res = await setPlan(await row(created.id), 'complete');
    expect(res.statusCode).toBe(402);
    expect(res.json().errors.global).toBe(
      'Your card was declined for insufficient funds, and nothing was charged. Add another card in your account settings, then try again.',
    );
  });

  it.each(['canceled', 'unit'] as const)(
    'complete -> %s deletes at once the events starting after the renewal date, and only those',
    async (target) => {
      const user = await billedManager(ctx);
      await addCard(ctx, user);
      await setPlan(user, 'complete');
      const [subscription] = await subscriptionsOf(user.id);
      const renewal = subscription!.currentPeriodEnd!;
      const hoursToRenewal = (renewal.getTime() - Date.now()) / 3_600_000;
      const soon = await publish(user, [{ startDate: wallClock(24), endDate: wallClock(26) }], 'Bientôt');
      const spanning = await publish(
        user,
        [
          { startDate: wallClock(48), endDate: wallClock(50) },
          { startDate: wallClock(hoursToRenewal + 72), endDate: wallClock(hoursToRenewal + 74) },
        ],
        'À cheval',
      );
      const later = await publish(
        user,
        [{ startDate: wallClock(hoursToRenewal + 48), endDate: wallClock(hoursToRenewal + 50) }],
        'Plus tard',
      );
      const much = await publish(user, [{ startDate: wallClock(hoursToRenewal + 24 * 60) }], 'Bien plus tard');
      const version = async () =>
        Number((await ctx.db.select().from(appMeta).where(eq(appMeta.key, 'events_version')))[0]?.value ?? 0);
      const before = await version();

      const res = await setPlan(user, target);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.planType).toBe(target);
      const rows = await ctx.db.select().from(events).where(eq(events.creatorId, user.id)).orderBy(asc(events.id));
      const deleted = Object.fromEntries(rows.map((e) => [e.id, e.deletedAt !== null]));
      expect(deleted).toEqual({ [soon.id]: false, [spanning.id]: false, [later.id]: true, [much.id]: true });
      expect(await version()).toBe(before + 2);
      expect(await ctx.db.select().from(eventDays).where(eq(eventDays.eventId, later.id))).toEqual([]);
      expect((await ctx.app.inject(`/api/v1/public/events/handle-or-uuid/${later.uuid}`)).statusCode).toBe(404);
      expect((await ctx.app.inject(`/api/v1/public/events/handle-or-uuid/${soon.uuid}`)).statusCode).toBe(200);

      const [ended] = await subscriptionsOf(user.id);
      expect(ended).toMatchObject({ status: 'canceled', canceledAt: expect.any(Date) });
      expect((await changesOf(user.id)).at(-1)).toMatchObject({ fromPlan: 'complete', toPlan: target, source: 'user' });
      if (target === 'canceled') {
        const view = await call(ctx, user, 'GET', '/connected/me/subscription');
        expect(view.json().subscription).toMatchObject({
          planType: 'canceled',
          status: 'canceled',
          currentPeriodEnd: renewal.toISOString(),
          canceledAt: expect.any(String),
        });
      }
    },
  );

  it('unit -> canceled and trial -> canceled; cancelling without a plan changes nothing', async () => {
    const unit = await billedManager(ctx);
    await addCard(ctx, unit);
    await setPlan(unit, 'unit');
    expect((await setPlan(unit, 'canceled')).json().user.planType).toBe('canceled');
    expect((await changesOf(unit.id)).map((c) => c.toPlan)).toEqual(['unit', 'canceled']);

    const trial = await billedManager(ctx);
    const res = await setPlan(trial, 'canceled');
    expect(res.json().user.planType).toBe('canceled');
    expect(new Date(res.json().user.trialEndedAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await setPlan(trial, 'trial')).statusCode).toBe(400);

    const none = await billedManager(ctx, { planType: null, trialEndedAt: null });
    expect((await setPlan(none, 'canceled')).json().user.planType).toBeNull();
    expect(await changesOf(none.id)).toEqual([]);
  });

  it('trial is the trial-related value: starts a first trial, keeps a running one, refuses an ended one', async () => {
    const fresh = await billedManager(ctx, { planType: null, trialEndedAt: null });
    const started = await setPlan(fresh, 'trial');
    expect(started.statusCode).toBe(200);
    const months = (new Date(started.json().user.trialEndedAt).getTime() - Date.now()) / (30.4 * DAY);
    expect(Math.round(months)).toBe(ctx.config.trialMonths);
    expect((await changesOf(fresh.id)).map((c) => `${c.fromPlan}->${c.toPlan}`)).toEqual(['null->trial']);

    const running = await billedManager(ctx);
    expect((await setPlan(running, 'trial')).json().user).toMatchObject({
      planType: 'trial',
      trialEndedAt: running.trialEndedAt!.toISOString(),
    });
    const canceledEarly = await billedManager(ctx, { planType: 'canceled' });
    expect((await setPlan(canceledEarly, 'trial')).json().user.planType).toBe('trial');

    // No fresh trial for an account that had a plan, whatever its trial end says (issue 20, item 3).
    const withoutEnd = [
      await billedManager(ctx, { planType: 'canceled', trialEndedAt: null }),
      await billedManager(ctx, { planType: 'unit', trialEndedAt: null }),
      await billedManager(ctx, { planType: 'complete', trialEndedAt: null }),
      // Had a trial, then an administrator cleared both the plan and the trial end.
      await billedManager(ctx, { planType: null, trialEndedAt: null, trialUsed: true }),
    ];
    for (const account of withoutEnd) {
      const res = await setPlan(account, 'trial');
      expect(res.statusCode, account.planType ?? 'none').toBe(400);
      expect(res.json()).toEqual({
        errors: {
          global:
            'The free trial is given once per organisation and this account has already had it. Please choose a plan.',
        },
      });
      expect(await row(account.id)).toMatchObject({ planType: account.planType, trialEndedAt: null });
    }
    const french = await setPlan(withoutEnd[0]!, 'trial', 'fr');
    expect(french.json().errors.global).toBe(
      "L'essai gratuit est offert une seule fois par organisation et ce compte en a déjà bénéficié. Veuillez choisir un forfait.",
    );
    // Once started, the one trial is remembered even if its plan is taken away.
    expect((await row(fresh.id)).trialUsed).toBe(true);

    const expired = await billedManager(ctx, { trialEndedAt: new Date(Date.now() - DAY) });
    const refused = await setPlan(expired, 'trial', 'fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      errors: {
        global:
          "Vous avez atteint la limite de votre essai gratuit. Veuillez changer de forfait pour continuer d'utiliser le produit.",
      },
    });
  });

  it('needs a billing or profile province to bill, and takes the billing one first', async () => {
    const nowhere = await billedManager(ctx, { state: null, billingState: null });
    await addCard(ctx, nowhere);
    const res = await setPlan(nowhere, 'unit');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { global: 'Please add your billing province to your account' } });

    const profileOnly = await billedManager(ctx, {
      state: 'AB',
      zipcode: 'T2P 1J9',
      billingState: null,
      billingAddress: null,
      billingCity: null,
      billingZipcode: null,
    });
    await addCard(ctx, profileOnly);
    await setPlan(profileOnly, 'complete');
    const [invoice] = await invoicesOf(profileOnly.id);
    expect(invoice).toMatchObject({ total: 4199, taxes: [{ name: 'GST', rate: 5000, amount: 200 }] });
    expect(invoice!.billing).toMatchObject({ address: '1260 Rue Sherbrooke O', state: 'AB' });
  });
});
