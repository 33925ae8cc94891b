/**
 * Charges left pending are finished once (issue 20, item 1), by each of the other ways than the client's retry
 * (the retry itself, across a real crash, is test/charge-crash.test.ts): the billing job's reconciliation pass,
 * the next renewal run, and Stripe's invoice.paid webhook.
 */
import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCard,
  type BillingContext,
  billedManager,
  call,
  createBillingApp,
  STRIPE_ENV,
  subscribe,
} from '../../../test/billing';
import { chargeIntents, localPayments } from '../../db/schema/charge-intents';
import { invoices } from '../../db/schema/invoices';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { intentKey, openIntent, RECONCILE_AFTER_MS } from './charge-intents.service';
import { createLocalProvider } from './local-provider';
import { type PaymentProvider, ProviderUnavailableError } from './payment-provider';
import { addMonths } from './periods';

const HOUR = 3_600_000;

describe('charges left pending, built-in provider', () => {
  let ctx: BillingContext;
  /** The customer whose next payment answer is lost after the payment is made (the provider's ledger keeps it). */
  const lose: { customer?: string | null } = {};
  beforeAll(async () => {
    let provider: PaymentProvider | undefined;
    ctx = await createBillingApp('local', {
      appOptions: {
        paymentProvider: {
          ...createLocalProvider(),
          name: 'local',
          ownsCustomer: (ref) => ref.startsWith('lcus_'),
          // Replaced below once the app (and its database) exists.
          charge: (request) => provider!.charge(request),
        } as PaymentProvider,
      },
    });
    const ledger = createLocalProvider(ctx.db);
    provider = {
      ...ledger,
      async charge(request) {
        const result = await ledger.charge(request);
        if (lose.customer === request.customerRef) {
          lose.customer = undefined;
          throw new ProviderUnavailableError(new Error('answer lost'));
        }
        return result;
      },
    };
  });
  afterAll(() => ctx.close());

  const intentsOf = (userId: number) =>
    ctx.db.select().from(chargeIntents).where(eq(chargeIntents.userId, userId)).orderBy(asc(chargeIntents.id));
  const invoicesOf = (userId: number) => ctx.db.select().from(invoices).where(eq(invoices.userId, userId));
  const ledgerOf = async (userId: number) => {
    const keys = (await intentsOf(userId)).map(intentKey);
    return (await ctx.db.select().from(localPayments)).filter((p) => keys.includes(p.idempotencyKey));
  };
  const rowOf = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const planOf = async (id: number) => (await rowOf(id)).planType;

  it('the reconciliation pass finishes an upgrade whose answer was lost: one charge, one invoice, the plan', async () => {
    const user = await billedManager(ctx);
    expect((await addCard(ctx, user)).statusCode).toBe(201);
    lose.customer = (await rowOf(user.id)).providerCustomerId;
    const res = await call(ctx, user, 'PUT', '/connected/me/plans', { planType: 'complete' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ errors: { global: 'The service is temporarily unavailable. Please try again.' } });
    expect(await intentsOf(user.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(await ledgerOf(user.id)).toHaveLength(1);
    expect(await planOf(user.id)).toBe('trial');

    // Too recent: left to the request that may still be finishing it.
    expect((await ctx.app.billing.runJob()).reconciled).toBe(0);
    const report = await ctx.app.billing.runJob(new Date(Date.now() + RECONCILE_AFTER_MS + 1000));
    expect(report.reconciled).toBe(1);
    expect(await planOf(user.id)).toBe('complete');
    expect(await ledgerOf(user.id)).toHaveLength(1);
    expect(await invoicesOf(user.id)).toEqual([expect.objectContaining({ status: 'paid', total: 4598 })]);
    expect(await intentsOf(user.id)).toEqual([expect.objectContaining({ status: 'paid' })]);
  });

  it('a renewal whose answer was lost is finished by the reconciliation pass, charged once', async () => {
    const user = await billedManager(ctx);
    await subscribe(ctx, user, 'complete');
    const [first] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const due = new Date(first!.currentPeriodEnd!.getTime() + HOUR);
    lose.customer = (await rowOf(user.id)).providerCustomerId;
    // Another customer's renewal may be due too: only this one's counts. The renewal pass loses the answer and
    // leaves the intent pending; the reconciliation pass of the same run (an hour later) finishes it.
    const report = await ctx.app.billing.runJob(due);
    expect(report.reconciled).toBeGreaterThanOrEqual(1);
    expect((await intentsOf(user.id)).map((i) => i.status)).toEqual(['paid', 'paid']);
    expect(await ledgerOf(user.id)).toHaveLength(2);
    const rows = await invoicesOf(user.id);
    expect(rows.map((i) => i.idempotencyKey)).toEqual([
      `plan:${first!.id}`,
      `renewal:${first!.id}:${first!.currentPeriodEnd!.toISOString()}`,
    ]);
    const [renewed] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(renewed!.currentPeriodEnd).toEqual(addMonths(first!.currentPeriodStart!, 2));
    await ctx.app.billing.runJob(due);
    expect(await invoicesOf(user.id)).toHaveLength(2);
  });
});

describe('charges left pending, Stripe', () => {
  let ctx: BillingContext;
  beforeAll(async () => {
    ctx = await createBillingApp('stripe');
  });
  afterAll(() => ctx.close());

  it('invoice.paid settles the intent a dead process had Stripe charge: the plan, one invoice', async () => {
    const user = await billedManager(ctx);
    expect((await addCard(ctx, user)).statusCode).toBe(201);
    // The state a crash right after the payment leaves: the intent committed, Stripe paid, nothing recorded.
    const now = new Date();
    const intent = await ctx.db.transaction(async (tx) => {
      const [fresh] = await tx.select().from(users).where(eq(users.id, user.id));
      const period = { start: now, end: addMonths(now, 1) };
      return openIntent(tx, ctx.app, fresh!, {
        subject: 'plan',
        payload: { kind: 'plan', periodStart: now.toISOString(), periodEnd: period.end.toISOString() },
        purchase: { plan: 'complete', period },
      });
    });
    await ctx.app.payments.charge({
      customerRef: intent.customerRef,
      paymentMethodRef: intent.paymentMethodRef,
      invoiceNumber: intent.invoiceNumber,
      description: intent.description,
      lines: intent.lines,
      taxes: intent.taxes,
      total: intent.total,
      currency: intent.currency,
      idempotencyKey: intentKey(intent),
      metadata: { userId: String(user.id), intentId: String(intent.id), kind: 'plan' },
    });
    const paid = [...ctx.stripe!.invoices.values()].find((i) => i.number === intent.invoiceNumber)!;
    expect(paid.status).toBe('paid');

    const payload = JSON.stringify({
      id: 'evt_paid',
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: { object: paid },
      livemode: false,
      api_version: '2026-10-28.endive',
    });
    const signature = new Stripe(STRIPE_ENV.STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    });
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    expect((await send()).statusCode).toBe(200);
    // Stripe sends events more than once: the second changes nothing.
    expect((await send()).statusCode).toBe(200);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.planType).toBe('complete');
    const recorded = await ctx.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(recorded).toEqual([expect.objectContaining({ providerRef: paid.id, number: paid.number, total: 4598 })]);
    const [settled] = await ctx.db.select().from(chargeIntents).where(eq(chargeIntents.id, intent.id));
    expect(settled).toMatchObject({ status: 'paid', invoiceId: recorded[0]!.id });
    // The user asking again is answered without another payment.
    expect((await call(ctx, user, 'PUT', '/connected/me/plans', { planType: 'complete' })).statusCode).toBe(200);
    expect([...ctx.stripe!.invoices.values()].filter((i) => i.status === 'paid')).toHaveLength(1);
  });
});
