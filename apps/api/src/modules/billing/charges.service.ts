/**
 * Charging a user: the saved card, the taxes of the billing province, one invoice per successful payment.
 * Runs inside the caller's transaction, so a refused payment leaves nothing behind (the event is not created,
 * the plan does not change); the invoice number it took stays unused.
 */
import { type PaidPlan, planPrice, taxProvince } from '@evmap/contract/billing';
import { CURRENCY } from '@evmap/contract/constants';
import type { Province } from '@evmap/contract/enums';
import type { Executor } from '../../db/client';
import type { InvoiceBilling } from '../../db/schema/invoices';
import { AppError, badRequest } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { completeLineText, unitLineText } from './billing-texts';
import { type InvoiceRow, insertInvoice, nextInvoiceNumber } from './invoices.repository';
import { defaultCard } from './payment-methods.repository';
import {
  CardRejectedError,
  PaymentDeclinedError,
  type PaymentProvider,
  ProviderUnavailableError,
} from './payment-provider';

export type ChargeDeps = { payments: PaymentProvider };

export type Purchase =
  | { plan: 'unit'; idempotencyKey: string; eventTitle: string }
  | {
      plan: 'complete';
      /** Keeps the invoice unique (one per period); `attemptKey` makes each payment attempt distinct at the provider. */
      idempotencyKey: string;
      attemptKey?: string;
      period: { start: Date; end: Date };
      subscriptionId: number;
    };

/** "An error occurred during payment" (402), or "temporarily unavailable" (503) when the provider is down. */
export function paymentError(error: unknown): unknown {
  if (error instanceof PaymentDeclinedError || error instanceof CardRejectedError) {
    return new AppError(402, { global: { key: 'paymentFailed' } });
  }
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
 * Charges `purchase` to the user's default card and records its invoice. Throws "Please add a payment method"
 * without a card, "Please add your billing province" without a province, and the paymentError of a refusal.
 */
export async function chargeUser(
  tx: Executor,
  deps: ChargeDeps,
  user: UserRow,
  purchase: Purchase,
  options: { now?: Date; fallbackBilling?: InvoiceBilling } = {},
): Promise<InvoiceRow> {
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
  const lines = [{ description, quantity: 1, unitAmount: price.subtotal, amount: price.subtotal }];
  const taxes = price.taxes.map(({ name, rate, amount }) => ({ name, rate, amount }));
  const number = await nextInvoiceNumber(tx, now);

  let result: Awaited<ReturnType<PaymentProvider['charge']>>;
  try {
    result = await deps.payments.charge({
      customerRef,
      paymentMethodRef: card.providerRef,
      invoiceNumber: number,
      description,
      lines,
      taxes,
      total: price.total,
      currency: CURRENCY,
      idempotencyKey:
        purchase.plan === 'complete' ? (purchase.attemptKey ?? purchase.idempotencyKey) : purchase.idempotencyKey,
      metadata: { userId: String(user.id), plan: purchase.plan },
    });
  } catch (error) {
    throw paymentError(error);
  }

  return insertInvoice(tx, {
    userId: user.id,
    number,
    subtotal: price.subtotal,
    tax: price.tax,
    total: price.total,
    currency: CURRENCY,
    lines,
    taxes,
    status: 'paid',
    provider: deps.payments.name,
    providerRef: result.ref,
    hostedPdfUrl: result.hostedPdfUrl,
    billing,
    subscriptionId: purchase.plan === 'complete' ? purchase.subscriptionId : null,
    periodStart: purchase.plan === 'complete' ? purchase.period.start : null,
    periodEnd: purchase.plan === 'complete' ? purchase.period.end : null,
    idempotencyKey: purchase.idempotencyKey,
    createdAt: now,
  });
}
