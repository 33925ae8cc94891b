/**
 * /connected/me plan and billing calls (spec section 7): plan change, subscription, payment methods, invoices.
 * Signed-in event-managers only: strangers get 401 and viewers 403, before the body is read.
 */
import {
  cardInputSchema,
  cardSetupResponseSchema,
  invoicesResponseSchema,
  paymentMethodResponseSchema,
  paymentMethodsResponseSchema,
  planChangeSchema,
  stripeCardInputSchema,
  subscriptionResponseSchema,
} from '@evmap/contract/billing';
import { errorBodySchema } from '@evmap/contract/errors';
import { noContentSchema } from '@evmap/contract/responses';
import { userResponseSchema } from '@evmap/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../errors';
import { userOf } from '../../plugins/auth';
import { idParamsSchema } from '../events/owner-events.routes';
import { presentUser } from '../users/user.presenter';
import { presentCard, presentCards } from './billing.presenter';
import { listMyInvoices } from './invoices.service';
import { addCard, cardSetup, listMyCards, removeCard } from './payment-methods.service';
import { changeMyPlan, mySubscription } from './subscription.service';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Plans and payments wait for the first email verification, like the pages that offer them (403).
  app.addHook('onRequest', app.requireVerifiedUser);
  app.addHook('onRequest', async (request) => {
    if (userOf(request).type !== 'event-manager') throw forbidden();
  });
  const tags = ['billing'];
  // Every call: 403 for viewers. 402 and 503: the payment provider declined or could not be reached.
  const refused = { 403: errorBodySchema } as const;
  const provider = { 402: errorBodySchema, 503: errorBodySchema } as const;

  app.put(
    '/connected/me/plans',
    { schema: { tags, body: planChangeSchema, response: { 200: userResponseSchema, ...refused, ...provider } } },
    async (request) => ({
      user: presentUser(await changeMyPlan(app, userOf(request), request.body.planType), app.storage),
    }),
  );

  app.get(
    '/connected/me/subscription',
    { schema: { tags, response: { 200: subscriptionResponseSchema, ...refused } } },
    async (request) => ({ subscription: await mySubscription(app, userOf(request)) }),
  );

  app.get(
    '/connected/me/payment-methods',
    { schema: { tags, response: { 200: paymentMethodsResponseSchema, ...refused } } },
    async (request) => ({ paymentMethods: presentCards(await listMyCards(app, userOf(request))) }),
  );

  app.post(
    '/connected/me/payment-methods/setup',
    { schema: { tags, response: { 200: cardSetupResponseSchema, ...refused, ...provider } } },
    async (request) => cardSetup(app, userOf(request)),
  );

  // The built-in provider takes the card fields; Stripe takes the PaymentMethod confirmed by Stripe.js.
  app.post(
    '/connected/me/payment-methods',
    {
      schema: {
        tags,
        body: app.payments.name === 'stripe' ? stripeCardInputSchema : cardInputSchema,
        response: { 201: paymentMethodResponseSchema, ...refused, ...provider, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const card = await addCard(app, userOf(request), request.body);
      return reply.status(201).send({ paymentMethod: presentCard(card, true) });
    },
  );

  app.delete(
    '/connected/me/payment-methods/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 204: noContentSchema, ...refused, 409: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      await removeCard(app, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/connected/me/invoices',
    { schema: { tags, response: { 200: invoicesResponseSchema, ...refused } } },
    async (request) => ({ invoices: await listMyInvoices(app, userOf(request)) }),
  );
};
