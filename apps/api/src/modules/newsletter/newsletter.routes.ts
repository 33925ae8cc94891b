/** POST /public/globals/subscribe (spec section 7): email; nothing to show in return. */

import { errorBodySchema } from '@evmap/contract/errors';
import { subscribeSchema } from '@evmap/contract/forms';
import { noContentSchema } from '@evmap/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscribe } from './newsletter.service';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/globals/subscribe',
    { schema: { tags: ['public'], body: subscribeSchema, response: { 204: noContentSchema, 429: errorBodySchema } } },
    async (request, reply) => {
      await subscribe(app, request.body.email, request.lang, request.ip);
      return reply.status(204).send();
    },
  );
};
