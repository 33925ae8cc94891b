/**
 * POST /webhooks/stripe (served when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set): events Stripe sends
 * about what changes on its side. The signature is checked on the raw body (stripe.webhooks.constructEvent);
 * a bad one answers 400 and changes nothing. Handlers are idempotent, so Stripe's retries are harmless:
 * - payment_method.detached: the card is gone at Stripe; it is removed here too;
 * - payment_method.updated / automatically_updated: the bank sent a new expiry or number; the summary follows;
 * - invoice.paid: the charge intent it was made for (metadata intentId, same invoice number), if still pending (the
 *   process that asked for it died, or lost the answer), is settled as paid: invoice written, plan or publication
 *   applied (charge-intents.service.ts). A paid invoice we know nothing of is logged.
 * Other events are acknowledged and ignored.
 */

import { billingRoutes } from '@evmap/contract/routes/billing';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { badRequest } from '../../errors';
import { routeOf } from '../../lib/route-table';
import { findIntent } from './charge-intents.repository';
import { type IntentDeps, settlePaid } from './charge-intents.service';
import { invoiceExistsByRef } from './invoices.repository';
import { updateCardsByRef } from './payment-methods.repository';
import { createStripeClient } from './stripe-provider';

async function handle(deps: IntentDeps, event: Stripe.Event, log: { warn: (obj: object, msg: string) => void }) {
  const db = deps.db;
  switch (event.type) {
    case 'payment_method.detached':
      await updateCardsByRef(db, 'stripe', event.data.object.id, { deletedAt: new Date(event.created * 1000) });
      return;
    case 'payment_method.updated':
    case 'payment_method.automatically_updated': {
      const card = event.data.object.card;
      if (!card) return;
      await updateCardsByRef(db, 'stripe', event.data.object.id, {
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      });
      return;
    }
    case 'invoice.paid': {
      const paid = event.data.object;
      const intentId = Number(paid.metadata?.intentId);
      const intent = Number.isSafeInteger(intentId) ? await findIntent(db, intentId) : undefined;
      if (intent?.provider === 'stripe' && intent.invoiceNumber === paid.number && paid.id) {
        await settlePaid(deps, intent.id, { ref: paid.id, hostedPdfUrl: paid.invoice_pdf ?? null });
        return;
      }
      const known = await invoiceExistsByRef(db, event.data.object.id ?? '');
      if (!known) log.warn({ stripeInvoice: event.data.object.id }, 'Stripe invoice paid without a local invoice');
      return;
    }
    default:
      return;
  }
}

export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const config = app.config.stripe;
  if (!config?.webhookSecret) return;
  const secret = config.webhookSecret;
  const stripe = await createStripeClient(config);
  // The signature covers the exact bytes Stripe sent: keep the body raw in this plugin.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    ...routeOf(billingRoutes.stripeWebhook),
    handler: async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw badRequest('fieldInvalid', { field: 'stripe-signature' });
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        throw badRequest('fieldInvalid', { field: 'stripe-signature' });
      }
      await handle(app, event, request.log);
      return { received: true };
    },
  });
};
