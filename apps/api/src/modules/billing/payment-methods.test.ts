import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/accounts';
import {
  addCard,
  type BillingContext,
  billedManager,
  call,
  cardBody,
  createBillingApp,
  PROVIDERS,
  subscribe,
} from '../../../test/billing';
import { paymentMethods } from '../../db/schema/payment-methods';
import { users } from '../../db/schema/users';

const CARD_INVALID = 'Your card number, expiration date, security code and postal code is invalid';

describe.each(PROVIDERS)('payment methods (%s provider)', (provider) => {
  let ctx: BillingContext;
  beforeAll(async () => {
    ctx = await createBillingApp(provider);
  });
  afterAll(() => ctx.close());

  const list = async (user: Parameters<typeof call>[1]) =>
    (await call(ctx, user, 'GET', '/connected/me/payment-methods')).json().paymentMethods;
  const remove = (user: Parameters<typeof call>[1], id: number | string, lang = 'en') =>
    call(ctx, user, 'DELETE', `/connected/me/payment-methods/${id}`, undefined, lang);

  it('saves cards, newest first and charged, showing only brand, last 4 digits and expiry', async () => {
    const user = await billedManager(ctx);
    expect(await list(user)).toEqual([]);
    const first = await addCard(ctx, user);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      paymentMethod: {
        id: expect.any(Number),
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: expect.any(Number),
        isDefault: true,
        createdAt: expect.any(String),
      },
    });
    const second = await addCard(ctx, user, 'mastercard');
    expect(second.json().paymentMethod).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(await list(user)).toEqual([
      expect.objectContaining({ id: second.json().paymentMethod.id, isDefault: true }),
      expect.objectContaining({ id: first.json().paymentMethod.id, isDefault: false }),
    ]);
    const [row] = await ctx.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, first.json().paymentMethod.id));
    expect(row).toMatchObject({ provider, userId: user.id });
    expect(row!.providerRef).toMatch(provider === 'local' ? /^lpm_/ : /^pm_/);
    const [owner] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(owner!.providerCustomerId).toMatch(provider === 'local' ? /^lcus_/ : /^cus_/);
    if (ctx.stripe) {
      // One customer, created once, holding both cards.
      const customers = [...ctx.stripe.customers.values()].filter((c) => c.metadata.userId === String(user.id));
      expect(customers).toHaveLength(1);
      expect(ctx.stripe.paymentMethods.get(row!.providerRef)?.customer).toBe(customers[0]!.id);
    }
  });

  it.runIf(provider === 'local')('never stores the card number nor the security code, in any table', async () => {
    const user = await billedManager(ctx);
    const body = { ...cardBody('local'), number: '4242-4242-4242-4242', cvc: '9731' };
    expect((await call(ctx, user, 'POST', '/connected/me/payment-methods', body)).statusCode).toBe(201);
    const tables = await ctx.db.execute<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.rows.length).toBeGreaterThan(10);
    for (const { name } of tables.rows) {
      const rows = await ctx.db.execute<{ row: string }>(
        sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(name)} t`,
      );
      for (const { row } of rows.rows) {
        const digits = row.replace(/[\s-]/g, '');
        expect(digits.includes('4242424242424242'), `${name}: ${row}`).toBe(false);
        expect(/[:[,]"?9731"?[,}\]]/.test(row), `${name}: ${row}`).toBe(false);
      }
    }
  });

  it.runIf(provider === 'local')('checks Luhn, expiry, security code and postal code with one message', async () => {
    const user = await billedManager(ctx);
    const good = cardBody('local');
    const last = new Date();
    for (const broken of [
      { number: '4242 4242 4242 4241' },
      { number: '1234' },
      { expMonth: 13 },
      {
        expMonth: last.getUTCMonth() === 0 ? 12 : last.getUTCMonth(),
        expYear: last.getUTCFullYear() - (last.getUTCMonth() === 0 ? 1 : 0),
      },
      { expYear: 2019 },
      { cvc: '12' },
      { cvc: '12345' },
      { postalCode: '90210' },
      { postalCode: 'W1A 0AX' },
    ]) {
      const res = await call(ctx, user, 'POST', '/connected/me/payment-methods', { ...good, ...broken });
      expect(res.statusCode, JSON.stringify(broken)).toBe(400);
      expect(res.json()).toEqual({ errors: { global: CARD_INVALID } });
    }
    const fr = await call(ctx, user, 'POST', '/connected/me/payment-methods', { ...good, cvc: '1' }, 'fr');
    expect(fr.json()).toEqual({
      errors: {
        global: "Le numéro de carte, la date d'expiration, le code de sécurité ou le code postal n'est pas valide",
      },
    });
    const missing = await call(ctx, user, 'POST', '/connected/me/payment-methods', { number: '4242424242424242' });
    expect(missing.json()).toEqual({
      errors: {
        expMonth: 'The field expMonth is required',
        expYear: 'The field expYear is required',
        cvc: 'The field cvc is required',
        postalCode: 'The field postalCode is required',
      },
    });
    expect(await list(user)).toEqual([]);
  });

  it.runIf(provider === 'stripe')(
    'takes a Stripe PaymentMethod id, and refuses unknown or malformed ones',
    async () => {
      const user = await billedManager(ctx);
      const malformed = await call(ctx, user, 'POST', '/connected/me/payment-methods', { paymentMethodId: 'tok_visa' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ errors: { paymentMethodId: 'The field paymentMethodId is not valid' } });
      const unknown = await call(ctx, user, 'POST', '/connected/me/payment-methods', { paymentMethodId: 'pm_nope' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ errors: { global: CARD_INVALID } });
      // A card the card form sent for card number fields is not what Stripe mode takes.
      const fields = await call(ctx, user, 'POST', '/connected/me/payment-methods', cardBody('local'));
      expect(fields.json()).toEqual({ errors: { paymentMethodId: 'The field paymentMethodId is required' } });
      // Another customer's card cannot be taken over.
      const other = await billedManager(ctx);
      const theirs = (await addCard(ctx, other)).json().paymentMethod;
      const [row] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, theirs.id));
      const stolen = await call(ctx, user, 'POST', '/connected/me/payment-methods', {
        paymentMethodId: row!.providerRef,
      });
      expect(stolen.json()).toEqual({ errors: { global: CARD_INVALID } });
      expect(await list(user)).toEqual([]);
    },
  );

  it('answers a card declined when saved with the decline and what to do, and keeps nothing', async () => {
    const user = await billedManager(ctx);
    const res = await addCard(ctx, user, 'declinedOnSave');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      errors: { global: 'Your bank declined this card, and it was not saved. Try another card, or ask your bank why.' },
    });
    expect(await list(user)).toEqual([]);
  });

  it('gives what the card form needs', async () => {
    const user = await billedManager(ctx);
    const res = await call(ctx, user, 'POST', '/connected/me/payment-methods/setup');
    expect(res.statusCode).toBe(200);
    if (provider === 'local') {
      expect(res.json()).toEqual({ provider: 'local', publishableKey: null, clientSecret: null });
    } else {
      expect(res.json()).toEqual({
        provider: 'stripe',
        publishableKey: 'pk_test_fake_key',
        clientSecret: expect.stringMatching(/^seti_\w+_secret_/),
      });
      await call(ctx, user, 'POST', '/connected/me/payment-methods/setup');
      const customers = [...ctx.stripe!.customers.values()].filter((c) => c.metadata.userId === String(user.id));
      expect(customers).toHaveLength(1);
    }
  });

  it('removes cards; not the last one while a paid plan depends on it', async () => {
    const user = await billedManager(ctx);
    await subscribe(ctx, user, 'unit');
    const [only] = await list(user);
    const refused = await remove(user, only.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: { global: 'Cancel your plan before deleting the payment method.' } });
    const fr = await remove(user, only.id, 'fr');
    expect(fr.json()).toEqual({ errors: { global: 'Annulez votre forfait avant de supprimer le moyen de paiement.' } });

    const spare = (await addCard(ctx, user, 'mastercard')).json().paymentMethod;
    expect((await remove(user, only.id)).statusCode).toBe(204);
    expect((await list(user)).map((c: { id: number }) => c.id)).toEqual([spare.id]);
    expect((await remove(user, spare.id)).statusCode).toBe(409);

    expect((await call(ctx, user, 'PUT', '/connected/me/plans', { planType: 'canceled' })).statusCode).toBe(200);
    expect((await remove(user, spare.id)).statusCode).toBe(204);
    expect(await list(user)).toEqual([]);
    expect((await remove(user, spare.id)).statusCode).toBe(404);
    if (ctx.stripe) {
      const [row] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, spare.id));
      expect(ctx.stripe.paymentMethods.get(row!.providerRef)?.customer).toBeNull();
    }
  });

  it("answers 403 for another user's card, 404 for an unknown one and 400 for a bad id", async () => {
    const owner = await billedManager(ctx);
    const card = (await addCard(ctx, owner)).json().paymentMethod;
    const other = await createUser(ctx, 'event-manager');
    const theirs = await remove(other, card.id);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
    expect((await remove(other, 999_999)).json()).toEqual({ errors: { global: 'Not found' } });
    expect((await remove(other, 'abc')).json()).toEqual({ errors: { id: 'The id is invalid' } });
    expect(await list(owner)).toHaveLength(1);
  });

  it('limits card additions per user (card testing)', async () => {
    const user = await billedManager(ctx);
    for (let i = 0; i < 10; i++) expect((await addCard(ctx, user, 'declinedOnSave')).statusCode).toBe(402);
    const limited = await addCard(ctx, user);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors.global).toMatch(/^Too many attempts/);
  });
});
