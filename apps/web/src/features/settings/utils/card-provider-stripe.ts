/**
 * The Stripe implementation of the card provider. Stripe.js is not a dependency of the app: it is loaded
 * from js.stripe.com (as Stripe requires, for PCI) with one script tag, and only when the server hands a
 * publishable key. The few calls used are typed here.
 */
import type { StripeCardInput } from '@evmap/contract/billing';
import type { Lang } from '@evmap/contract/enums';
import type { MountedStripeCard, StripeCardProvider } from './card-provider';

export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

type StripeCardElement = {
  mount: (container: HTMLElement) => void;
  destroy: () => void;
};

type StripeInstance = {
  elements: () => { create: (type: 'card', options?: Record<string, unknown>) => StripeCardElement };
  confirmCardSetup: (
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ) => Promise<{ setupIntent?: { payment_method?: string | { id: string } | null }; error?: { message?: string } }>;
};

/** `window.Stripe`: makes a Stripe instance for a publishable key. */
export type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeInstance;

/** Stripe refused the card (its message, in the user's language, when it gave one). */
export class StripeCardError extends Error {
  readonly stripeMessage: string | undefined;
  constructor(stripeMessage: string | undefined) {
    super(stripeMessage ?? 'Stripe refused the card');
    this.name = 'StripeCardError';
    this.stripeMessage = stripeMessage;
  }
}

let loading: Promise<StripeFactory> | undefined;

/** Loads Stripe.js once (one script tag); resolves with `window.Stripe`. A failed load can be tried again. */
export function loadStripeJs(): Promise<StripeFactory> {
  const loaded = (window as { Stripe?: StripeFactory }).Stripe;
  if (loaded) return Promise.resolve(loaded);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    const fail = () => {
      loading = undefined;
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    script.addEventListener('load', () => {
      const factory = (window as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else fail();
    });
    script.addEventListener('error', fail);
    document.head.appendChild(script);
  });
  return loading;
}

/** Stripe's card element for a SetupIntent (`clientSecret`) of the account `publishableKey` belongs to. */
export function stripeCardProvider(
  setup: { publishableKey: string; clientSecret: string; lang: Lang },
  loadStripe: () => Promise<StripeFactory> = loadStripeJs,
): StripeCardProvider {
  return {
    kind: 'stripe',
    async mount(container): Promise<MountedStripeCard> {
      const Stripe = await loadStripe();
      const stripe = Stripe(setup.publishableKey, { locale: setup.lang });
      const card = stripe.elements().create('card');
      card.mount(container);
      return {
        async confirm(): Promise<StripeCardInput> {
          const result = await stripe.confirmCardSetup(setup.clientSecret, { payment_method: { card } });
          const method = result.setupIntent?.payment_method;
          if (result.error || !method) throw new StripeCardError(result.error?.message);
          return { paymentMethodId: typeof method === 'string' ? method : method.id };
        },
        destroy: () => card.destroy(),
      };
    },
  };
}
