/**
 * How the account page collects a card, behind one small interface. The built-in provider (the server's
 * default) takes the card fields in our own form, checked with the contract's card rules; Stripe (when the
 * server is configured with STRIPE_PUBLISHABLE_KEY) takes them in Stripe.js's own card element and
 * confirms the SetupIntent the server made. Either way the result is the body of
 * `POST /connected/me/payment-methods`. The set-up answer (`POST /connected/me/payment-methods/setup`)
 * says which one the server uses; it is the only place the web app learns the publishable key.
 */
import {
  type CardInput,
  type CardSetupResponse,
  cardExpired,
  cardInputSchema,
  luhnValid,
  type StripeCardInput,
} from '@evmap/contract/billing';
import type { Lang } from '@evmap/contract/enums';
import { postalCodeSchema } from '@evmap/contract/users';
import { z } from 'zod';
import { loadStripeJs, type StripeFactory, stripeCardProvider } from './card-provider-stripe';

/** The built-in provider: our own fields, validated here, sent as they are. */
export type BuiltinCardProvider = {
  kind: 'builtin';
  /** The card form's schema: each field checked with the contract's rules, then the contract's card body. */
  schema: typeof builtinCardFormSchema;
};

/** A Stripe card element on the page. */
export type MountedStripeCard = {
  /** Confirms the SetupIntent with the card typed; resolves with the body to save it. */
  confirm: () => Promise<StripeCardInput>;
  destroy: () => void;
};

/** Stripe: its card element, mounted in a container of the page. */
export type StripeCardProvider = {
  kind: 'stripe';
  mount: (container: HTMLElement) => Promise<MountedStripeCard>;
};

export type CardProvider = BuiltinCardProvider | StripeCardProvider;

/** The digits of a typed card number. */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** `1234567812345678` → `1234 5678 1234 5678` (at most 19 digits), as it is typed. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `1230` → `12/30`, as it is typed (the slash comes with the third digit). */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The month and the four-digit year of `MM/YY` (or `MM/YYYY`); null when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]) + (match[2]!.length === 2 ? 2000 : 0);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A required card field: empty says so; anything else breaking its rule gets section 8's card message. */
const cardField = (valid: (value: string) => boolean) =>
  z
    .string()
    .trim()
    .min(1, { error: 'fieldRequired' })
    .refine(valid, {
      error: 'cardInvalid',
      when: (payload) => typeof payload.value === 'string' && payload.value.trim() !== '',
    });

const builtinCardFormSchema = z
  .object({
    cardNumber: cardField((value) => luhnValid(cardDigits(value))),
    cardExpiry: cardField((value) => {
      const expiry = parseExpiry(value);
      return expiry !== null && expiry.year <= 2100 && !cardExpired(expiry.month, expiry.year);
    }),
    cardCvc: cardField((value) => /^\d{3,4}$/.test(value)),
    cardPostalCode: cardField((value) => postalCodeSchema.safeParse(value).success),
  })
  .transform((card): CardInput => {
    const expiry = parseExpiry(card.cardExpiry) ?? { month: 0, year: 0 };
    return {
      number: cardDigits(card.cardNumber),
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: card.cardCvc,
      postalCode: card.cardPostalCode,
    };
  })
  .pipe(cardInputSchema);

/** What the built-in card form holds. */
export type BuiltinCardValues = z.input<typeof builtinCardFormSchema>;

/** The local provider: the card is typed in our own form and checked by its schema before it is sent. */
export const builtinCardProvider: BuiltinCardProvider = { kind: 'builtin', schema: builtinCardFormSchema };

/**
 * The provider of a set-up answer: Stripe when the server uses it and handed its publishable key and a
 * client secret (Stripe.js is loaded only then), the built-in one for the local provider; null when Stripe
 * is on without its publishable key (no card can be collected in the browser).
 */
export function chooseCardProvider(
  setup: CardSetupResponse,
  lang: Lang,
  loadStripe: () => Promise<StripeFactory> = loadStripeJs,
): CardProvider | null {
  if (setup.provider === 'local') return builtinCardProvider;
  if (!setup.publishableKey || !setup.clientSecret) return null;
  return stripeCardProvider(
    { publishableKey: setup.publishableKey, clientSecret: setup.clientSecret, lang },
    loadStripe,
  );
}
