/**
 * What billing needs from a payment network, implemented by the built-in local provider (no money moves;
 * stores only brand, last 4 digits and expiry) and by Stripe. The provider never sees the database: the
 * billing services keep customers, cards, subscriptions and invoices, and call the provider to set up cards
 * and to take payments.
 */
import type { PaymentProviderName } from '@evmap/contract/billing';
import type { InvoiceLine, InvoiceTax } from './invoices.repository';

/** A card as the provider saved it: what we may keep, and its reference at the provider. */
export type SavedCard = { ref: string; brand: string; last4: string; expMonth: number; expYear: number };

export type CustomerInfo = { userId: number; email: string; name: string | null };

/** One payment, described as the invoice we issue for it. */
export type ChargeRequest = {
  customerRef: string;
  paymentMethodRef: string;
  invoiceNumber: string;
  description: string;
  lines: InvoiceLine[];
  taxes: InvoiceTax[];
  total: number;
  currency: string;
  /** The same key always means the same payment: a retried call never charges twice. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/** `hostedPdfUrl`: the provider's own copy of the invoice, when it hosts one (Stripe). */
export type ChargeResult = { ref: string; hostedPdfUrl: string | null };

/** The card network or the bank said no (declined, insufficient funds, authentication required…). */
export class PaymentDeclinedError extends Error {
  constructor(readonly code: string) {
    super(`payment declined: ${code}`);
    this.name = 'PaymentDeclinedError';
  }
}

/** The card data or payment-method reference is not usable (unknown, not a card, someone else's). */
export class CardRejectedError extends Error {
  constructor(reason: string) {
    super(`card rejected: ${reason}`);
    this.name = 'CardRejectedError';
  }
}

/** The provider could not be reached or failed on its side; nothing is known to have been charged. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('payment provider unavailable', { cause });
    this.name = 'ProviderUnavailableError';
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Whether `ref` is a customer reference of this provider (a deployment may switch providers). */
  ownsCustomer(ref: string): boolean;
  createCustomer(customer: CustomerInfo): Promise<string>;
  /** What the web app needs to collect a card: Stripe's SetupIntent client secret; nothing locally. */
  cardSetup(customerRef: string): Promise<{ clientSecret: string | null; publishableKey: string | null }>;
  /**
   * Validates and saves a card for the customer. The body is the provider's own (card fields locally, a
   * payment-method id on Stripe), already checked against its schema. Throws CardRejectedError or
   * PaymentDeclinedError.
   */
  saveCard(customerRef: string, body: unknown): Promise<SavedCard>;
  removeCard(paymentMethodRef: string): Promise<void>;
  /**
   * Forgets the customer (an account being deleted): Stripe deletes it, with its name and email; its invoices stay
   * at Stripe as the law requires. Already gone is not an error.
   */
  deleteCustomer(customerRef: string): Promise<void>;
  /** Takes the payment; throws PaymentDeclinedError when refused, ProviderUnavailableError when unreachable. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
