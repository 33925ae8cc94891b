/**
 * /connected/me plan and billing calls (spec section 7): plan change, subscription, payment methods, invoices;
 * the invoice PDF behind its signed link, and the Stripe webhook. Event-managers only (403 for viewers); 402 and
 * 503: the payment provider declined or could not be reached.
 */
import { z } from 'zod';
import {
  cardInputSchema,
  cardSetupResponseSchema,
  invoicesResponseSchema,
  paymentMethodResponseSchema,
  paymentMethodsResponseSchema,
  planChangeSchema,
  stripeCardInputSchema,
  subscriptionResponseSchema,
} from '../billing';
import { errorBodySchema } from '../errors';
import { idParamsSchema } from '../event-actions';
import { fileAnswer, noContentSchema } from '../responses';
import { userResponseSchema } from '../users';
import { route } from './route';

const tags = ['billing'];
const refused = { 403: errorBodySchema } as const;
const provider = { 402: errorBodySchema, 503: errorBodySchema } as const;

export const billingRoutes = {
  changePlan: route({
    method: 'PUT',
    path: '/connected/me/plans',
    tags,
    body: planChangeSchema,
    response: { 200: userResponseSchema, ...refused, ...provider },
  }),
  subscription: route({
    method: 'GET',
    path: '/connected/me/subscription',
    tags,
    response: { 200: subscriptionResponseSchema, ...refused },
  }),
  paymentMethods: route({
    method: 'GET',
    path: '/connected/me/payment-methods',
    tags,
    response: { 200: paymentMethodsResponseSchema, ...refused },
  }),
  paymentMethodSetup: route({
    method: 'POST',
    path: '/connected/me/payment-methods/setup',
    tags,
    response: { 200: cardSetupResponseSchema, ...refused, ...provider },
  }),
  /**
   * The built-in provider takes the card fields; Stripe takes the PaymentMethod confirmed by Stripe.js. The API
   * validates (and documents) the body of the provider it runs with; either is described here.
   */
  addPaymentMethod: route({
    method: 'POST',
    path: '/connected/me/payment-methods',
    tags,
    body: z.union([cardInputSchema, stripeCardInputSchema]),
    response: { 201: paymentMethodResponseSchema, ...refused, ...provider, 429: errorBodySchema },
  }),
  removePaymentMethod: route({
    method: 'DELETE',
    path: '/connected/me/payment-methods/:id',
    tags,
    params: idParamsSchema,
    response: { 204: noContentSchema, ...refused, 409: errorBodySchema, 503: errorBodySchema },
  }),
  invoices: route({
    method: 'GET',
    path: '/connected/me/invoices',
    tags,
    response: { 200: invoicesResponseSchema, ...refused },
  }),
  /**
   * The invoice PDF for its owner and administrators. The `invoice_pdf` links of the invoices carry a signed
   * one-hour token (?token=), since the browser opens them directly; a bearer token works too.
   */
  invoicePdf: route({
    method: 'GET',
    path: '/invoices/:id/pdf',
    tags,
    params: idParamsSchema,
    query: z.object({ token: z.string().max(200).optional() }),
    // A bearer token, or the signed token of the link.
    security: [{ bearerAuth: [] }, { signedLink: [] }],
    response: { 200: fileAnswer('application/pdf', 'The invoice as a PDF file'), 403: errorBodySchema },
  }),
  /** Events Stripe sends about what changes on its side (signed; served with STRIPE_WEBHOOK_SECRET). */
  stripeWebhook: route({
    method: 'POST',
    path: '/webhooks/stripe',
    tags,
    hide: true,
    servedWhen: 'stripe-webhook',
  }),
};
