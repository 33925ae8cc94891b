/**
 * Test helpers for billing: an app on either payment provider (the built-in one, or Stripe's SDK talking to the
 * local fake of Stripe's API), card bodies per provider, and event-managers ready to be billed.
 */
import { billingRoutes } from '@evmap/contract/routes/billing';
import { API_PREFIX, pathOf, type RouteEntry } from '@evmap/contract/routes/route';
import type { InjectOptions } from 'fastify';
import type { NewUser } from '../src/modules/users/users.repository';
import type { UserRow } from '../src/plugins/auth';
import { authHeaders, createUser } from './accounts';
import { createTestApp, type TestContext } from './app';
import { type FakeStripe, startFakeStripe } from './fake-stripe/server';

export const PROVIDERS = ['local', 'stripe'] as const;
export type ProviderName = (typeof PROVIDERS)[number];
export type CardKind = 'ok' | 'mastercard' | 'declinedOnSave' | 'declinedOnCharge' | 'insufficientFunds';

export type BillingContext = TestContext & { provider: ProviderName; stripe: FakeStripe | undefined };

export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_fake_key',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_key',
};

export async function createBillingApp(
  provider: ProviderName,
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<BillingContext> {
  const stripe = provider === 'stripe' ? await startFakeStripe() : undefined;
  const env = { ...options.env, ...(stripe ? { ...STRIPE_ENV, STRIPE_API_URL: stripe.url } : {}) };
  const ctx = await createTestApp({ ...options, env });
  return {
    ...ctx,
    provider,
    stripe,
    close: async () => {
      await ctx.close();
      await stripe?.close();
    },
  };
}

const LOCAL_NUMBERS: Record<CardKind, string> = {
  ok: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declinedOnSave: '4000 0000 0000 0002',
  declinedOnCharge: '4000 0000 0000 0341',
  insufficientFunds: '4000 0000 0000 9995',
};
const STRIPE_METHODS: Record<CardKind, string> = {
  ok: 'pm_card_visa',
  mastercard: 'pm_card_mastercard',
  declinedOnSave: 'pm_card_chargeDeclined',
  declinedOnCharge: 'pm_card_chargeCustomerFail',
  insufficientFunds: 'pm_card_visa_chargeDeclinedInsufficientFunds',
};

/** The body of POST /connected/me/payment-methods for `kind` on `provider`. */
export function cardBody(provider: ProviderName, kind: CardKind = 'ok'): Record<string, unknown> {
  if (provider === 'stripe') return { paymentMethodId: STRIPE_METHODS[kind] };
  return {
    number: LOCAL_NUMBERS[kind],
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
    postalCode: 'H2X 1Y4',
  };
}

/** A request as `user` (or anonymous with `null`). */
export function call(
  ctx: TestContext,
  user: UserRow | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  lang = 'en',
) {
  return ctx.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `${API_PREFIX}${url}`,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
    payload: payload as InjectOptions['payload'],
  });
}

/** A request to a route of the contract's table as `user` (or anonymous with `null`). */
export function callRoute(
  ctx: TestContext,
  user: UserRow | null,
  entry: RouteEntry,
  options: { params?: Record<string, string | number>; payload?: unknown; lang?: string } = {},
) {
  return call(ctx, user, entry.method, pathOf(entry, options.params), options.payload, options.lang);
}

/** A real postal code of each province (the billing postal code must agree with the billing province). */
export const POSTAL_CODES: Record<string, string> = {
  AB: 'T2P 1J9',
  BC: 'V5L 2H6',
  MB: 'R3B 0R3',
  NB: 'E1C 4M3',
  NL: 'A1C 5M2',
  NS: 'B3J 3K5',
  NT: 'X1A 2N5',
  NU: 'X0A 0H0',
  ON: 'M5J 1A7',
  PE: 'C1A 4P3',
  QC: 'H2Y 2M8',
  SK: 'S4P 3Y2',
  YT: 'Y1A 1B2',
};

/**
 * An event-manager in Quebec on a running trial, with a complete billing address; another `billingState` comes
 * with a postal code of that province.
 */
export function billedManager(ctx: TestContext, overrides: Partial<NewUser> = {}): Promise<UserRow> {
  const billingZipcode = overrides.billingState ? POSTAL_CODES[overrides.billingState] : undefined;
  return createUser(ctx, 'event-manager', {
    planType: 'trial',
    trialEndedAt: new Date(Date.now() + 30 * 86_400_000),
    address: '1260 Rue Sherbrooke O',
    city: 'Montréal',
    zipcode: 'H3G 1H2',
    state: 'QC',
    billingAddress: '455 Rue Saint-Pierre',
    billingCity: 'Montréal',
    billingZipcode: 'H2Y 2M8',
    billingState: 'QC',
    billingCountry: 'CA',
    ...(billingZipcode ? { billingZipcode } : {}),
    ...overrides,
  });
}

/** Saves a card of `kind` for `user`; answers the response. */
export function addCard(ctx: BillingContext, user: UserRow, kind: CardKind = 'ok') {
  return callRoute(ctx, user, billingRoutes.addPaymentMethod, { payload: cardBody(ctx.provider, kind) });
}

/** Saves a card and selects `plan`; fails the test when either is refused. */
export async function subscribe(ctx: BillingContext, user: UserRow, plan: 'unit' | 'complete', kind: CardKind = 'ok') {
  const card = await addCard(ctx, user, kind);
  if (card.statusCode !== 201) throw new Error(`card refused: ${card.body}`);
  const res = await callRoute(ctx, user, billingRoutes.changePlan, { payload: { planType: plan } });
  if (res.statusCode !== 200) throw new Error(`plan refused: ${res.body}`);
  return res.json().user;
}
