/**
 * Plans and billing (spec sections 3, 4, 8 and 9): the sales-tax table by province, price helpers in
 * integer cents, card rules, and the bodies of the plan, payment-method, invoice and subscription calls.
 * The API charges with these helpers and the web app shows prices with the same ones.
 */
import { z } from 'zod';
import { planTypeSchema } from './enums';
import type { PaidPlan } from './taxes';

export type {
  PaidPlan,
  PriceBreakdown,
  TaxLine,
  TaxName,
  TaxRate,
} from './taxes';
export {
  formatMoney,
  formatTaxRate,
  planPrice,
  priceWithTax,
  TAX_RATE_SCALE,
  TAX_RATES,
  taxesFor,
  taxProvince,
} from './taxes';

// ---------------------------------------------------------------- cards

/** True when `digits` passes the Luhn check. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export function cardBrand(digits: string): CardBrand {
  const first4 = Number(digits.slice(0, 4));
  if (/^4/.test(digits)) return 'visa';
  if (/^5[1-5]/.test(digits) || (first4 >= 2221 && first4 <= 2720)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** A card stays valid through the last day of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

const CANADIAN_POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/;
const integerish = z
  .union([z.number(), z.string().trim()])
  .transform((v) => (typeof v === 'number' ? v : /^\d{1,4}$/.test(v) ? Number(v) : Number.NaN));

/**
 * POST /connected/me/payment-methods with the built-in provider. Any rule broken (Luhn, expiry in the past,
 * security code of 3 or 4 digits, Canadian postal code) answers the one catalogue message, on `global`.
 */
export const cardInputSchema = z
  .object({
    number: z.string().max(40),
    expMonth: integerish,
    expYear: integerish,
    cvc: z.string().max(8),
    postalCode: z.string().max(10),
  })
  .transform((card) => ({
    number: card.number.replace(/[\s-]/g, ''),
    expMonth: card.expMonth,
    // Two-digit years mean this century.
    expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
    cvc: card.cvc.trim(),
    postalCode: card.postalCode.trim().toUpperCase().replace(/\s+/g, ''),
  }))
  .superRefine((card, ctx) => {
    const valid =
      luhnValid(card.number) &&
      Number.isInteger(card.expMonth) &&
      card.expMonth >= 1 &&
      card.expMonth <= 12 &&
      Number.isInteger(card.expYear) &&
      card.expYear <= 2100 &&
      !cardExpired(card.expMonth, card.expYear) &&
      /^\d{3,4}$/.test(card.cvc) &&
      CANADIAN_POSTAL_CODE.test(card.postalCode);
    if (!valid) ctx.addIssue({ code: 'custom', message: 'cardInvalid', path: [] });
  });
export type CardInput = z.input<typeof cardInputSchema>;
export type CardValues = z.output<typeof cardInputSchema>;

/** POST /connected/me/payment-methods with Stripe: the PaymentMethod that Stripe.js confirmed on the SetupIntent. */
export const stripeCardInputSchema = z.object({
  paymentMethodId: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^pm_\w+$/, { error: 'fieldInvalid' }),
});
export type StripeCardInput = z.input<typeof stripeCardInputSchema>;

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** POST /connected/me/payment-methods/setup: what the account page needs to collect a card. */
export const cardSetupResponseSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe only: the publishable key and the SetupIntent's client secret for Stripe.js. */
  publishableKey: z.string().nullable(),
  clientSecret: z.string().nullable(),
});
export type CardSetupResponse = z.infer<typeof cardSetupResponseSchema>;

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** The card charged: the most recently added one. */
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodsResponseSchema = z.object({ paymentMethods: z.array(paymentMethodSchema) });
export const paymentMethodResponseSchema = z.object({ paymentMethod: paymentMethodSchema });

// ---------------------------------------------------------------- plans

/**
 * PUT /connected/me/plans. `trial` is the trial-related value: it starts the free trial of an account that
 * never had one (or resumes one still running); once the trial has ended it is refused with the trial-limit
 * message. `free-complete` is granted by administrators only.
 */
export const SELECTABLE_PLANS = ['trial', 'unit', 'complete', 'canceled'] as const;
export const planChangeSchema = z.object({ planType: z.enum(SELECTABLE_PLANS) });
export type PlanChangeBody = z.input<typeof planChangeSchema>;

/** Plans that are charged: unit per publication, complete per month. */
export const isPaidPlan = (plan: string | null | undefined): plan is PaidPlan => plan === 'unit' || plan === 'complete';

// ---------------------------------------------------------------- invoices and subscription

export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** Cents, taxes included. */
  total: z.number().int(),
  currency: z.string(),
  /** ISO 8601 instant. */
  created: z.string(),
  /** Downloads the PDF; carries a signed token valid one hour, so the browser can open it directly. */
  invoice_pdf: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoicesResponseSchema = z.object({ invoices: z.array(invoiceSchema) });
export const INVOICES_LIST_LIMIT = 100;

/**
 * trialing / trial_ended: the free trial (period end = trial end); active: a paid plan in good standing;
 * past_due: the last renewal failed and is retried until the grace period ends; canceled.
 */
export const SUBSCRIPTION_STATUSES = ['trialing', 'trial_ended', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptionSchema = z.object({
  planType: planTypeSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.string().nullable(),
  /** The renewal date of the complete plan, the end of a trial; null for unit and free-complete. */
  currentPeriodEnd: z.string().nullable(),
  canceledAt: z.string().nullable(),
  pastDueSince: z.string().nullable(),
  /** While past due: when the plan is canceled if no payment succeeds. */
  graceEndsAt: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema.nullable() });
