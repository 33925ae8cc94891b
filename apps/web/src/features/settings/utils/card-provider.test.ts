// @vitest-environment happy-dom
import '@evmap/contract/zod-setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtinCardProvider, chooseCardProvider, formatCardNumber, formatExpiry, parseExpiry } from './card-provider';
import { loadStripeJs, STRIPE_JS_URL, StripeCardError, type StripeFactory } from './card-provider-stripe';

const NEXT_YEAR = new Date().getFullYear() + 1;
const good = {
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: `12/${NEXT_YEAR % 100}`,
  cardCvc: '123',
  cardPostalCode: 'h2x 1y4',
};

/** The message of each field that fails, by field. */
function problems(values: typeof good) {
  const result = builtinCardProvider.schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

afterEach(() => {
  vi.restoreAllMocks();
  delete (window as { Stripe?: unknown }).Stripe;
});

describe('the built-in card provider', () => {
  it('formats the number in groups of four and the expiry as MM/YY while typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
    expect(parseExpiry('7/30')).toEqual({ month: 7, year: 2030 });
    expect(parseExpiry('07/2031')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('0730')).toBeNull();
  });

  it('turns a good card into the body of POST /connected/me/payment-methods', () => {
    expect(builtinCardProvider.schema.parse(good)).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: NEXT_YEAR,
      cvc: '123',
      postalCode: 'H2X1Y4',
    });
  });

  it("puts section 8's card message on the field that breaks a rule, 'required' on an empty one", () => {
    expect(problems({ ...good, cardNumber: '4242 4242 4242 4241' })).toEqual({ cardNumber: 'cardInvalid' });
    expect(problems({ ...good, cardExpiry: '01/20' })).toEqual({ cardExpiry: 'cardInvalid' });
    expect(problems({ ...good, cardExpiry: '00/40' })).toEqual({ cardExpiry: 'cardInvalid' });
    expect(problems({ ...good, cardCvc: '12a' })).toEqual({ cardCvc: 'cardInvalid' });
    expect(problems({ ...good, cardPostalCode: '90210' })).toEqual({ cardPostalCode: 'cardInvalid' });
    expect(problems({ ...good, cardNumber: ' ' })).toEqual({ cardNumber: 'fieldRequired' });
  });
});

describe('choosing the card provider', () => {
  it('takes the built-in one for the local provider, without loading Stripe.js', () => {
    const load = vi.fn<() => Promise<StripeFactory>>();
    const provider = chooseCardProvider({ provider: 'local', publishableKey: null, clientSecret: null }, 'en', load);
    expect(provider?.kind).toBe('builtin');
    expect(load).not.toHaveBeenCalled();
    expect(document.querySelector(`script[src="${STRIPE_JS_URL}"]`)).toBeNull();
  });

  it('takes Stripe when the server hands a publishable key, and none when it does not', () => {
    const load = vi.fn<() => Promise<StripeFactory>>();
    const setup = { provider: 'stripe', publishableKey: 'pk_test_123', clientSecret: 'seti_1_secret_2' } as const;
    expect(chooseCardProvider(setup, 'fr', load)?.kind).toBe('stripe');
    // Stripe.js is loaded when the card element is mounted, not before.
    expect(load).not.toHaveBeenCalled();
    expect(chooseCardProvider({ ...setup, publishableKey: null }, 'fr', load)).toBeNull();
  });
});

// Stripe's servers cannot be reached offline: its card element is driven through a fake `window.Stripe`.
describe('the Stripe card provider', () => {
  function fakeStripe(result: { setupIntent?: { payment_method: string }; error?: { message: string } }) {
    const card = { mount: vi.fn(), destroy: vi.fn() };
    const confirmCardSetup = vi.fn(async () => result);
    const factory = vi.fn(() => ({ elements: () => ({ create: () => card }), confirmCardSetup }));
    return { card, confirmCardSetup, factory: factory as unknown as StripeFactory };
  }
  const setup = { provider: 'stripe', publishableKey: 'pk_test_123', clientSecret: 'seti_1_secret_2' } as const;

  it('mounts the card element, confirms the SetupIntent and answers the PaymentMethod to save', async () => {
    const stripe = fakeStripe({ setupIntent: { payment_method: 'pm_123' } });
    const provider = chooseCardProvider(setup, 'fr', async () => stripe.factory);
    if (provider?.kind !== 'stripe') throw new Error('expected Stripe');
    const container = document.createElement('div');
    const mounted = await provider.mount(container);
    expect(stripe.factory).toHaveBeenCalledWith('pk_test_123', { locale: 'fr' });
    expect(stripe.card.mount).toHaveBeenCalledWith(container);
    expect(await mounted.confirm()).toEqual({ paymentMethodId: 'pm_123' });
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_2', { payment_method: { card: stripe.card } });
    mounted.destroy();
    expect(stripe.card.destroy).toHaveBeenCalled();
  });

  it("fails with Stripe's message when it refuses the card", async () => {
    const stripe = fakeStripe({ error: { message: 'Your card was declined.' } });
    const provider = chooseCardProvider(setup, 'en', async () => stripe.factory);
    if (provider?.kind !== 'stripe') throw new Error('expected Stripe');
    const mounted = await provider.mount(document.createElement('div'));
    await expect(mounted.confirm()).rejects.toEqual(new StripeCardError('Your card was declined.'));
  });

  it('loads Stripe.js with one script tag from js.stripe.com', async () => {
    const appended: HTMLScriptElement[] = [];
    // The script is caught before it reaches the document: nothing is fetched.
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      appended.push(node as unknown as HTMLScriptElement);
      return node;
    });
    const loading = loadStripeJs();
    expect(loadStripeJs()).toBe(loading);
    expect(appended).toHaveLength(1);
    expect(appended[0]?.src).toBe(STRIPE_JS_URL);
    const factory = vi.fn() as unknown as StripeFactory;
    (window as { Stripe?: StripeFactory }).Stripe = factory;
    appended[0]?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(factory);
  });
});
