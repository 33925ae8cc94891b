/** POST /connected/globals/contact-us (spec section 7): subject and message; nothing to show in return. */

import { errorBodySchema } from '@evmap/contract/errors';
import { contactSchema } from '@evmap/contract/forms';
import { noContentSchema } from '@evmap/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { sendContactMessage } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/connected/globals/contact-us',
    {
      // A pending organisation (email not verified) is sent to verification by the web app: refused here too.
      onRequest: app.requireVerifiedUser,
      schema: {
        tags: ['globals'],
        body: contactSchema,
        response: { 204: noContentSchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await sendContactMessage(app, userOf(request), request.body);
      return reply.status(204).send();
    },
  );
};
