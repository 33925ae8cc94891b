/**
 * /connected/me plan and billing calls (spec section 7): plan change, subscription, payment methods, invoices.
 * Signed-in event-managers only: strangers get 401 and viewers 403, before the body is read.
 */
import { cardInputSchema, stripeCardInputSchema } from '@evmap/contract/billing';
import { billingRoutes as routes } from '@evmap/contract/routes/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../errors';
import { routeOf } from '../../lib/route-table';
import { userOf } from '../../plugins/auth';
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

  app.route({
    ...routeOf(routes.changePlan),
    handler: async (request) => ({
      user: presentUser(await changeMyPlan(app, userOf(request), request.body.planType), app.storage),
    }),
  });

  app.route({
    ...routeOf(routes.subscription),
    handler: async (request) => ({ subscription: await mySubscription(app, userOf(request)) }),
  });

  app.route({
    ...routeOf(routes.paymentMethods),
    handler: async (request) => ({ paymentMethods: presentCards(await listMyCards(app, userOf(request))) }),
  });

  app.route({
    ...routeOf(routes.paymentMethodSetup),
    handler: async (request) => cardSetup(app, userOf(request)),
  });

  // The built-in provider takes the card fields; Stripe takes the PaymentMethod confirmed by Stripe.js.
  app.route({
    ...routeOf(routes.addPaymentMethod, {
      body: app.payments.name === 'stripe' ? stripeCardInputSchema : cardInputSchema,
    }),
    handler: async (request, reply) => {
      const card = await addCard(app, userOf(request), request.body);
      return reply.status(201).send({ paymentMethod: presentCard(card, true) });
    },
  });

  app.route({
    ...routeOf(routes.removePaymentMethod),
    handler: async (request, reply) => {
      await removeCard(app, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(routes.invoices),
    handler: async (request) => ({ invoices: await listMyInvoices(app, userOf(request)) }),
  });
};
