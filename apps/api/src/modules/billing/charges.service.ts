/**
 * What a charge costs and to whom: the saved card, the taxes of the billing province, the invoice lines. The
 * charge itself is a charge intent (charge-intents.service.ts), recorded before the provider is called.
 */
import { type PaidPlan, planPrice, taxProvince } from '@evmap/contract/billing';
import { CURRENCY } from '@evmap/contract/constants';
import type { Province } from '@evmap/contract/enums';
import type { Executor } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { completeLineText, unitLineText } from './billing-texts';
import type { InvoiceBilling, InvoiceLine, InvoiceTax } from './invoices.repository';
import { nextInvoiceNumber } from './invoices.repository';
import { defaultCard } from './payment-methods.repository';
import {
  CardRejectedError,
  PaymentDeclinedError,
  type PaymentProvider,
  ProviderUnavailableError,
} from './payment-provider';

export type ChargeDeps = { payments: PaymentProvider };

/** What is bought: a unit publication (its event's title) or a period of the complete plan. */
export type Purchase = { plan: 'unit'; eventTitle: string } | { plan: 'complete'; period: { start: Date; end: Date } };

/** A charge as it will be asked of the provider and invoiced. */
export type PreparedCharge = {
  customerRef: string;
  paymentMethodRef: string;
  invoiceNumber: string;
  description: string;
  subtotal: number;
  tax: number;
  total: number;
  currency: string;
  lines: InvoiceLine[];
  taxes: InvoiceTax[];
  billing: InvoiceBilling;
};

/** The message of a decline: what the bank said, when it says it, and what to do (another card). */
export function declineMessage(code: string): 'paymentInsufficientFunds' | 'paymentCardExpired' | 'paymentDeclined' {
  if (code === 'insufficient_funds') return 'paymentInsufficientFunds';
  if (code === 'expired_card') return 'paymentCardExpired';
  return 'paymentDeclined';
}

/**
 * A declined card (402, saying so and what to do), a card that cannot be used any more (402, "An error occurred
 * during payment"), or "temporarily unavailable" (503) when the provider is down.
 */
export function paymentError(error: unknown): unknown {
  if (error instanceof PaymentDeclinedError) return new AppError(402, { global: { key: declineMessage(error.code) } });
  if (error instanceof CardRejectedError) return new AppError(402, { global: { key: 'paymentFailed' } });
  if (error instanceof ProviderUnavailableError) return new AppError(503, { global: { key: 'unavailable' } });
  return error;
}

/**
 * The customer as billed: the billing address when one is filled, else the profile address; the tax province is
 * the billing province, else the profile province, else (renewals) the province of the previous invoice.
 */
export function billingSnapshot(user: UserRow, fallback?: InvoiceBilling): InvoiceBilling | undefined {
  const province = taxProvince(user) ?? (fallback ? taxProvince({ state: fallback.state }) : null);
  if (!province) return undefined;
  const billing = Boolean(user.billingAddress || user.billingCity || user.billingZipcode || user.billingState);
  return {
    name: user.name,
    email: user.email,
    address: billing ? user.billingAddress : user.address,
    city: billing ? user.billingCity : user.city,
    zipcode: billing ? user.billingZipcode : user.zipcode,
    state: province,
    country: (billing ? user.billingCountry : user.country) ?? 'CA',
    lang: user.preferredLang === 'fr' ? 'fr' : 'en',
  };
}

/**
 * Prices `purchase` for the user's default card and takes its invoice number. Throws "Please add a payment method"
 * without a card and "Please add your billing province" without a province.
 */
export async function prepareCharge(
  tx: Executor,
  deps: ChargeDeps,
  user: UserRow,
  purchase: Purchase,
  options: { now?: Date; fallbackBilling?: InvoiceBilling } = {},
): Promise<PreparedCharge> {
  const now = options.now ?? new Date();
  const card = await defaultCard(tx, user.id, deps.payments.name);
  const customerRef = user.providerCustomerId;
  if (!card || !customerRef || !deps.payments.ownsCustomer(customerRef)) throw badRequest('paymentMethodRequired');
  const billing = billingSnapshot(user, options.fallbackBilling);
  if (!billing) throw badRequest('billingProvinceRequired');

  const price = planPrice(purchase.plan as PaidPlan, billing.state as Province);
  const description =
    purchase.plan === 'unit'
      ? unitLineText(billing.lang, purchase.eventTitle)
      : completeLineText(billing.lang, purchase.period.start, purchase.period.end);
  return {
    customerRef,
    paymentMethodRef: card.providerRef,
    invoiceNumber: await nextInvoiceNumber(tx, now),
    description,
    subtotal: price.subtotal,
    tax: price.tax,
    total: price.total,
    currency: CURRENCY,
    lines: [{ description, quantity: 1, unitAmount: price.subtotal, amount: price.subtotal }],
    taxes: price.taxes.map(({ name, rate, amount }) => ({ name, rate, amount })),
    billing,
  };
}
