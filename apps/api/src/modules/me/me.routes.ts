/** /connected/me: the signed-in user's account (spec section 7). */

import { errorBodySchema } from '@evmap/contract/errors';
import { noContentSchema } from '@evmap/contract/responses';
import { changeMyPasswordSchema, updateMeSchema, userResponseSchema, userSchema } from '@evmap/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth';
import { presentUser } from '../users/user.presenter';
import { changeMyPassword, deleteMe, updateMe } from './me.service';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/connected/me', { schema: { tags: ['me'], response: { 200: userResponseSchema } } }, async (request) => ({
    user: presentUser(userOf(request), app.storage),
  }));

  app.put(
    '/connected/me',
    {
      schema: {
        tags: ['me'],
        body: updateMeSchema,
        response: { 200: userResponseSchema, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => ({ user: presentUser(await updateMe(app, userOf(request), request.body), app.storage) }),
  );

  app.delete(
    '/connected/me',
    { schema: { tags: ['me'], response: { 204: noContentSchema, 403: errorBodySchema } } },
    async (request, reply) => {
      await deleteMe(app, userOf(request));
      return reply.status(204).send();
    },
  );

  app.put(
    '/connected/me/password',
    {
      schema: {
        tags: ['me'],
        body: changeMyPasswordSchema,
        response: { 200: z.object({ user: userSchema, jwt: z.string() }), 429: errorBodySchema },
      },
    },
    async (request) => {
      const { user, jwt } = await changeMyPassword(app, userOf(request), request.body);
      return { user: presentUser(user, app.storage), jwt };
    },
  );
};
