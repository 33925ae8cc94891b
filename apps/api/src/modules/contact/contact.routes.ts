/** POST /connected/globals/contact-us (spec section 7): subject and message; nothing to show in return. */

import { globalsRoutes } from '@evmap/contract/routes/globals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { userOf } from '../../plugins/auth';
import { sendContactMessage } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(globalsRoutes.contactUs),
    // A pending organisation (email not verified) is sent to verification by the web app: refused here too.
    onRequest: app.requireVerifiedUser,
    handler: async (request, reply) => {
      await sendContactMessage(app, userOf(request), request.body);
      return reply.status(204).send();
    },
  });
};
