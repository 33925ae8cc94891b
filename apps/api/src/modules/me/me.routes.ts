/** /connected/me: the signed-in user's account (spec section 7). */

import { meRoutes as routes } from '@evmap/contract/routes/me';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { userOf } from '../../plugins/auth';
import { presentUser } from '../users/user.presenter';
import { changeMyPassword, deleteMe, updateMe } from './me.service';
import { signOutEverywhere } from './sessions.service';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.route({
    ...routeOf(routes.get),
    handler: async (request) => ({ user: presentUser(userOf(request), app.storage) }),
  });

  app.route({
    ...routeOf(routes.update),
    handler: async (request) => ({
      user: presentUser(await updateMe(app, userOf(request), request.body), app.storage),
    }),
  });

  app.route({
    ...routeOf(routes.delete),
    handler: async (request, reply) => {
      await deleteMe(app, userOf(request));
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(routes.changePassword),
    handler: async (request) => {
      const { user, jwt } = await changeMyPassword(app, userOf(request), request.body);
      return { user: presentUser(user, app.storage), jwt };
    },
  });

  app.route({
    ...routeOf(routes.signOutEverywhere),
    handler: async (request) => {
      const { user, jwt } = await signOutEverywhere(app, userOf(request));
      return { jwt, user: presentUser(user, app.storage) };
    },
  });
};
