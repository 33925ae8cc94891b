/**
 * The Stripe provider (STRIPE_SECRET_KEY set), with the official SDK. Customers are Stripe customers; cards are
 * PaymentMethods confirmed by Stripe.js on a SetupIntent and attached to the customer; every payment is a Stripe
 * invoice carrying our invoice number, our lines and our tax lines, finalized and paid off-session with the
 * saved card, so Stripe hosts a PDF of it too. Renewals stay ours (the billing job), so both providers bill
 * exactly the same way. Every call carries an idempotency key derived from the payment's own key.
 */
import { stripeCardInputSchema } from '@evmap/contract/billing';
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import {
  CardRejectedError,
  type ChargeRequest,
  type ChargeResult,
  PaymentDeclinedError,
  type PaymentProvider,
  ProviderUnavailableError,
  type SavedCard,
} from './payment-provider';

/**
 * The SDK client of this configuration (the webhook route verifies signatures with it too). The SDK is loaded only
 * when Stripe is configured: it is about 6 MB of every instance's heap otherwise.
 */
export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  return new StripeSdk(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'EventMap' },
    ...(config.api ?? {}),
  });
}

type StripeFailure = { type?: string; code?: string; decline_code?: string; statusCode?: number };

/** Stripe errors -> ours: card errors are declines, a missing payment method a rejected card, the rest unavailable. */
function translate(error: unknown): Error {
  const failure = error as StripeFailure;
  switch (failure?.type) {
    case 'StripeCardError':
      return new PaymentDeclinedError(failure.decline_code ?? failure.code ?? 'card_declined');
    case 'StripeInvalidRequestError':
      if (failure.code === 'resource_missing' || failure.code === 'payment_method_unexpected_state') {
        return new CardRejectedError(failure.code);
      }
      return error as Error;
    case 'StripeConnectionError':
    case 'StripeAPIError':
    case 'StripeRateLimitError':
    // The same key is in use by a request still running (another instance finishing the same charge).
    case 'StripeIdempotencyError':
      return new ProviderUnavailableError(error);
    default:
      return error as Error;
  }
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw translate(error);
  }
}

const formatRate = (rate: number) => `${rate / 1000}%`;

export async function createStripeProvider(config: StripeConfig, client?: Stripe): Promise<PaymentProvider> {
  const stripe = client ?? (await createStripeClient(config));
  return {
    name: 'stripe',
    ownsCustomer: (ref) => ref.startsWith('cus_'),

    async createCustomer(customer) {
      const created = await call(() =>
        stripe.customers.create(
          {
            email: customer.email,
            name: customer.name ?? undefined,
            metadata: { userId: String(customer.userId) },
          },
          { idempotencyKey: `customer-${customer.userId}-${customer.email}` },
        ),
      );
      return created.id;
    },

    async cardSetup(customerRef) {
      const intent = await call(() =>
        stripe.setupIntents.create({
          customer: customerRef,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
        }),
      );
      return { clientSecret: intent.client_secret, publishableKey: config.publishableKey ?? null };
    },

    async saveCard(customerRef, body): Promise<SavedCard> {
      const parsed = stripeCardInputSchema.safeParse(body);
      if (!parsed.success) throw new CardRejectedError('invalid payment method id');
      let method = await call(() => stripe.paymentMethods.retrieve(parsed.data.paymentMethodId));
      if (method.type !== 'card' || !method.card) throw new CardRejectedError('not a card');
      const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
      if (owner && owner !== customerRef) throw new CardRejectedError('belongs to another customer');
      if (!owner) {
        // Confirmed SetupIntents attach the card already; a bare PaymentMethod is attached (and checked) here.
        method = await call(() => stripe.paymentMethods.attach(method.id, { customer: customerRef }));
      }
      const card = method.card!;
      return { ref: method.id, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
    },

    async removeCard(ref) {
      try {
        await stripe.paymentMethods.detach(ref);
      } catch (error) {
        const translated = translate(error);
        // Already detached (for instance from Stripe's dashboard): nothing left to do.
        if (!(translated instanceof CardRejectedError)) throw translated;
      }
    },

    async deleteCustomer(ref) {
      try {
        await stripe.customers.del(ref);
      } catch (error) {
        const translated = translate(error);
        // Already deleted: nothing left to do.
        if (!(translated instanceof CardRejectedError)) throw translated;
      }
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const key = request.idempotencyKey;
      const invoice = await call(() =>
        stripe.invoices.create(
          {
            customer: request.customerRef,
            currency: request.currency,
            collection_method: 'charge_automatically',
            auto_advance: false,
            pending_invoice_items_behavior: 'exclude',
            number: request.invoiceNumber,
            description: request.description,
            metadata: { ...request.metadata, invoiceNumber: request.invoiceNumber },
          },
          { idempotencyKey: `${key}:invoice` },
        ),
      );
      const items = [
        ...request.lines.map((line) => ({ description: line.description, amount: line.amount })),
        ...request.taxes.map((tax) => ({ description: `${tax.name} ${formatRate(tax.rate)}`, amount: tax.amount })),
      ];
      for (const [index, item] of items.entries()) {
        await call(() =>
          stripe.invoiceItems.create(
            { customer: request.customerRef, invoice: invoice.id, currency: request.currency, ...item },
            { idempotencyKey: `${key}:item:${index}` },
          ),
        );
      }
      const finalized = await call(() =>
        stripe.invoices.finalizeInvoice(invoice.id, {}, { idempotencyKey: `${key}:finalize` }),
      );
      if (finalized.total !== request.total) {
        await stripe.invoices.voidInvoice(invoice.id).catch(() => undefined);
        throw new Error(`Stripe invoice ${invoice.id} totals ${finalized.total}, expected ${request.total}`);
      }
      try {
        const paid = await stripe.invoices.pay(
          invoice.id,
          { payment_method: request.paymentMethodRef, off_session: true },
          { idempotencyKey: `${key}:pay` },
        );
        return { ref: paid.id, hostedPdfUrl: paid.invoice_pdf ?? null };
      } catch (error) {
        const translated = translate(error);
        // A refused payment must not stay open at Stripe, to be collected later behind our back.
        if (translated instanceof PaymentDeclinedError) {
          await stripe.invoices.voidInvoice(invoice.id).catch(() => undefined);
        }
        // The answer was lost, not necessarily the payment: ask Stripe what became of the invoice. Left open
        // otherwise, so that a renewal's next attempt (same keys) completes it rather than charging anew.
        if (translated instanceof ProviderUnavailableError) {
          const current = await stripe.invoices.retrieve(invoice.id).catch(() => undefined);
          if (current?.status === 'paid') return { ref: current.id, hostedPdfUrl: current.invoice_pdf ?? null };
        }
        throw translated;
      }
    },
  };
}
