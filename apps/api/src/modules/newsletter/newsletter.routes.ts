/** POST /public/globals/subscribe (spec section 7): email; nothing to show in return. */

import { globalsRoutes } from '@evmap/contract/routes/globals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { subscribe } from './newsletter.service';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(globalsRoutes.subscribe),
    handler: async (request, reply) => {
      await subscribe(app, request.body.email, request.lang, request.ip);
      return reply.status(204).send();
    },
  });
};
