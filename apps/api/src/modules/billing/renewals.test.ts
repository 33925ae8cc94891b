import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMails } from '../../../test/accounts';
import {
  addCard,
  type BillingContext,
  billedManager,
  call,
  createBillingApp,
  PROVIDERS,
  subscribe,
} from '../../../test/billing';
import { eventBody, wallClock } from '../../../test/events';
import { events } from '../../db/schema/events';
import { invoices } from '../../db/schema/invoices';
import { planChanges } from '../../db/schema/plan-changes';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';
import { createLocalProvider } from './local-provider';
import type { PaymentProvider } from './payment-provider';
import { addDays, addMonths } from './periods';

const HOUR = 3_600_000;

/** The built-in provider, slowed down and counting its payments, so that runs overlap for sure. */
function slowLocalProvider(counter: { charges: number }): PaymentProvider {
  const local = createLocalProvider();
  return {
    ...local,
    async charge(request) {
      counter.charges += 1;
      await new Promise((r) => setTimeout(r, 300));
      return local.charge(request);
    },
  };
}

describe.each(PROVIDERS)('renewals and trial expiry (%s provider)', (provider) => {
  let ctx: BillingContext;
  const counter = { charges: 0 };
  beforeAll(async () => {
    ctx = await createBillingApp(provider, {
      appOptions: provider === 'local' ? { paymentProvider: slowLocalProvider(counter) } : {},
    });
  });
  afterAll(() => ctx.close());

  const subscriptionOf = async (userId: number) =>
    (
      await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.id))
    ).at(-1)!;
  const invoicesOf = (userId: number) =>
    ctx.db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.id));
  const userRow = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const mailsTo = (user: UserRow) => readMails(ctx.config.mailDir).filter((m) => m.to.includes(user.email));
  /** Payments made at the provider so far. */
  const payments = () =>
    ctx.stripe ? ctx.stripe.requests.filter((r) => r.path.endsWith('/pay')).length : counter.charges;

  it('renews a due complete plan once, even with two runs at the same time', async () => {
    const user = await billedManager(ctx);
    await subscribe(ctx, user, 'complete');
    const first = await subscriptionOf(user.id);
    const renewalAt = first.currentPeriodEnd!;
    if (ctx.stripe) ctx.stripe.payDelayMs = 300;
    const before = payments();

    // Not due yet: nothing happens.
    expect((await ctx.app.billing.runJob(new Date(renewalAt.getTime() - HOUR))).renewed).toBe(0);

    const now = new Date(renewalAt.getTime() + HOUR);
    const [a, b] = await Promise.all([ctx.app.billing.runJob(now), ctx.app.billing.runJob(now)]);
    if (ctx.stripe) ctx.stripe.payDelayMs = 0;
    expect(a.renewed + b.renewed).toBe(1);
    expect(payments() - before).toBe(1);
    const rows = await invoicesOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      total: 4598,
      subscriptionId: first.id,
      periodStart: renewalAt,
      periodEnd: addMonths(first.currentPeriodStart!, 2),
      idempotencyKey: `renewal:${first.id}:${renewalAt.toISOString()}`,
    });
    const renewed = await subscriptionOf(user.id);
    expect(renewed).toMatchObject({
      id: first.id,
      status: 'active',
      currentPeriodStart: renewalAt,
      currentPeriodEnd: addMonths(first.currentPeriodStart!, 2),
    });
    // Run again at the same time: already renewed.
    expect((await ctx.app.billing.runJob(now)).renewed).toBe(0);
    expect(await invoicesOf(user.id)).toHaveLength(2);
  });

  it('marks a refused renewal past due, retries daily, and cancels after the grace period', async () => {
    const user = await billedManager(ctx);
    await subscribe(ctx, user, 'complete');
    const start = await subscriptionOf(user.id);
    const renewal = start.currentPeriodEnd!;
    const hours = (renewal.getTime() - Date.now()) / HOUR;
    const kept = await call(ctx, user, 'POST', '/connected/events', eventBody({ titleFr: 'Avant' }));
    const dropped = await call(
      ctx,
      user,
      'POST',
      '/connected/events',
      eventBody({ titleFr: 'Après', dates: [{ startDate: wallClock(hours + 72), endDate: wallClock(hours + 74) }] }),
    );
    // The newest card is the one charged: make it one that is refused.
    expect((await addCard(ctx, user, 'declinedOnCharge')).statusCode).toBe(201);

    const failedAt = new Date(renewal.getTime() + HOUR);
    expect((await ctx.app.billing.runJob(failedAt)).pastDue).toBe(1);
    const pastDue = await subscriptionOf(user.id);
    const graceEnds = addDays(failedAt, ctx.config.billingGraceDays);
    expect(pastDue).toMatchObject({
      status: 'past_due',
      pastDueSince: failedAt,
      nextAttemptAt: addDays(failedAt, 1),
      currentPeriodEnd: renewal,
    });
    expect(await invoicesOf(user.id)).toHaveLength(1);
    expect((await userRow(user.id)).planType).toBe('complete');
    expect(mailsTo(user).map((m) => m.subject)).toContain('The payment for your EventMap complete plan failed');
    const view = await call(ctx, user, 'GET', '/connected/me/subscription');
    expect(view.json().subscription).toMatchObject({
      status: 'past_due',
      pastDueSince: failedAt.toISOString(),
      graceEndsAt: graceEnds.toISOString(),
    });

    // Not again before the next attempt; then again every day, mailed once.
    expect((await ctx.app.billing.runJob(new Date(failedAt.getTime() + 2 * HOUR))).pastDue).toBe(0);
    expect((await ctx.app.billing.runJob(addDays(failedAt, 1))).pastDue).toBe(1);
    expect(mailsTo(user).filter((m) => m.subject.includes('failed'))).toHaveLength(1);

    // The grace period is over: the plan is canceled by the system and the later events are deleted.
    const report = await ctx.app.billing.runJob(graceEnds);
    expect(report.canceled).toBe(1);
    expect(await subscriptionOf(user.id)).toMatchObject({ status: 'canceled' });
    expect((await userRow(user.id)).planType).toBe('canceled');
    const [change] = await ctx.db
      .select()
      .from(planChanges)
      .where(eq(planChanges.userId, user.id))
      .orderBy(asc(planChanges.id))
      .then((rows) => rows.slice(-1));
    expect(change).toMatchObject({ fromPlan: 'complete', toPlan: 'canceled', source: 'system', changedBy: null });
    const rows = await ctx.db.select().from(events).where(eq(events.creatorId, user.id)).orderBy(asc(events.id));
    expect(rows.map((e) => [e.id, e.deletedAt !== null])).toEqual([
      [kept.json().event.id, false],
      [dropped.json().event.id, true],
    ]);
    expect(mailsTo(user).map((m) => m.subject)).toContain('Your EventMap complete plan was canceled');

    // The plan-required answer of the event calls: no subscription any more.
    const publish = await call(ctx, user, 'POST', '/connected/events', eventBody());
    expect(publish.statusCode).toBe(403);
    expect(publish.json()).toEqual({
      errors: { global: 'You do not have a subscription. Please select a plan to continue.' },
    });
    const fr = await call(ctx, user, 'PUT', `/connected/events/${kept.json().event.id}`, eventBody(), 'fr');
    expect(fr.json()).toEqual({
      errors: { global: "Vous n'avez pas d'abonnement. Veuillez choisir un forfait pour continuer." },
    });
  });

  it('renews a past-due plan once a working card is added', async () => {
    const user = await billedManager(ctx);
    await subscribe(ctx, user, 'complete');
    await addCard(ctx, user, 'declinedOnCharge');
    const renewal = (await subscriptionOf(user.id)).currentPeriodEnd!;
    await ctx.app.billing.runJob(renewal);
    expect((await subscriptionOf(user.id)).status).toBe('past_due');
    await addCard(ctx, user, 'mastercard');
    const report = await ctx.app.billing.runJob(addDays(renewal, 1));
    expect(report.renewed).toBe(1);
    expect(await subscriptionOf(user.id)).toMatchObject({ status: 'active', pastDueSince: null, nextAttemptAt: null });
    expect((await invoicesOf(user.id)).map((i) => i.periodStart)).toEqual([expect.any(Date), renewal]);
  });

  it('never charges a deleted account: its subscription is closed', async () => {
    const user = await billedManager(ctx);
    await subscribe(ctx, user, 'complete');
    const renewal = (await subscriptionOf(user.id)).currentPeriodEnd!;
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const before = payments();
    expect((await ctx.app.billing.runJob(renewal)).closed).toBe(1);
    expect(payments()).toBe(before);
    expect(await subscriptionOf(user.id)).toMatchObject({ status: 'canceled' });
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });

  it('ends a trial without changing anything but the answers, and mails its user once', async () => {
    const user = await billedManager(ctx, { trialEndedAt: new Date(Date.now() - HOUR), preferredLang: 'fr' });
    const old = await billedManager(ctx, { trialEndedAt: new Date(Date.now() - 60 * 24 * HOUR) });
    const report = await ctx.app.billing.runJob();
    expect(report.trialNotices).toBeGreaterThanOrEqual(1);
    expect(mailsTo(user).map((m) => m.subject)).toEqual(['Votre essai gratuit EventMap est terminé']);
    expect(mailsTo(old)).toEqual([]);
    const row = await userRow(user.id);
    expect(row).toMatchObject({ planType: 'trial', trialEndedAt: user.trialEndedAt, deletedAt: null });
    expect(row.trialNoticeSentAt).not.toBeNull();
    await ctx.app.billing.runJob();
    expect(mailsTo(user)).toHaveLength(1);

    const publish = await call(ctx, user, 'POST', '/connected/events', eventBody(), 'fr');
    expect(publish.statusCode).toBe(403);
    expect(publish.json()).toEqual({
      errors: {
        global:
          "Vous avez atteint la limite de votre essai gratuit. Veuillez changer de forfait pour continuer d'utiliser le produit.",
      },
    });
    expect((await call(ctx, user, 'GET', '/connected/me/subscription')).json()).toEqual({
      subscription: {
        planType: 'trial',
        status: 'trial_ended',
        currentPeriodStart: null,
        currentPeriodEnd: user.trialEndedAt!.toISOString(),
        canceledAt: null,
        pastDueSince: null,
        graceEndsAt: null,
      },
    });
  });
});

describe('the scheduled job', () => {
  let ctx: BillingContext;
  beforeAll(async () => {
    ctx = await createBillingApp('local', { env: { RENEWAL_INTERVAL_MS: '200' } });
  });
  afterAll(() => ctx.close());

  it('runs by itself in the API process when RENEWAL_INTERVAL_MS is set', async () => {
    const user = await billedManager(ctx);
    await subscribe(ctx, user, 'complete');
    const past = new Date(Date.now() - HOUR);
    await ctx.db.update(subscriptions).set({ currentPeriodEnd: past }).where(eq(subscriptions.userId, user.id));
    for (let i = 0; i < 50; i++) {
      const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
      if (row!.currentPeriodEnd! > past) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const rows = await ctx.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(rows).toHaveLength(2);
  });
});
