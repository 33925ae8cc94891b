import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, type BillingContext, billedManager, createBillingApp, STRIPE_ENV } from '../../../test/billing';
import { paymentMethods } from '../../db/schema/payment-methods';

const stripe = new Stripe(STRIPE_ENV.STRIPE_SECRET_KEY);

function event(type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    api_version: '2026-10-28.endive',
  });
}

describe('POST /webhooks/stripe', () => {
  let ctx: BillingContext;
  beforeAll(async () => {
    ctx = await createBillingApp('stripe');
  });
  afterAll(() => ctx.close());

  const send = (payload: string, secret = STRIPE_ENV.STRIPE_WEBHOOK_SECRET, header?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': header ?? stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  const cardRow = async (id: number) =>
    (await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id)))[0]!;

  it('refuses a missing or wrong signature, changing nothing', async () => {
    const user = await billedManager(ctx);
    const card = (await addCard(ctx, user)).json().paymentMethod;
    const ref = (await cardRow(card.id)).providerRef;
    const payload = event('payment_method.detached', { id: ref, object: 'payment_method', type: 'card' });
    const wrong = await send(payload, 'whsec_not_the_secret');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: { global: 'The field stripe-signature is not valid' } });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    // A genuine signature of another body.
    const other = stripe.webhooks.generateTestHeaderString({ payload: '{}', secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET });
    expect((await send(payload, undefined, other)).statusCode).toBe(400);
    expect((await cardRow(card.id)).deletedAt).toBeNull();
  });

  it('follows cards detached or updated at Stripe, idempotently', async () => {
    const user = await billedManager(ctx);
    const card = (await addCard(ctx, user)).json().paymentMethod;
    const ref = (await cardRow(card.id)).providerRef;
    const updated = event('payment_method.automatically_updated', {
      id: ref,
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '1881', exp_month: 3, exp_year: 2031 },
    });
    expect((await send(updated)).json()).toEqual({ received: true });
    expect(await cardRow(card.id)).toMatchObject({ last4: '1881', expMonth: 3, expYear: 2031 });

    const detached = event('payment_method.detached', { id: ref, object: 'payment_method', type: 'card' });
    expect((await send(detached)).statusCode).toBe(200);
    expect((await send(detached)).statusCode).toBe(200);
    expect((await cardRow(card.id)).deletedAt).not.toBeNull();
    expect(
      (
        await ctx.app.inject({
          url: '/api/v1/connected/me/payment-methods',
          headers: { authorization: `Bearer ${ctx.app.signToken(user)}` },
        })
      ).json(),
    ).toEqual({ paymentMethods: [] });
  });

  it('acknowledges other events', async () => {
    const res = await send(event('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(res.statusCode).toBe(200);
    const paid = await send(event('invoice.paid', { id: 'in_unknown', object: 'invoice' }));
    expect(paid.statusCode).toBe(200);
  });
});

describe('without Stripe', () => {
  let ctx: BillingContext;
  beforeAll(async () => {
    ctx = await createBillingApp('local');
  });
  afterAll(() => ctx.close());

  it('serves no webhook route', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/webhooks/stripe', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
