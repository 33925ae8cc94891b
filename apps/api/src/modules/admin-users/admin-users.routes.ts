/** /connected/admin/users (spec section 7, Admin): administrators only. */
import { adminRoutes } from '@evmap/contract/routes/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { userOf } from '../../plugins/auth';
import { presentUser } from '../users/user.presenter';
import { adminSetPlan } from './admin-plans.service';
import { presentUserPage } from './admin-users.presenter';
import {
  adminCreateUser,
  adminDeleteUser,
  adminUpdateUser,
  getUserForAdmin,
  listUsersForAdmin,
} from './admin-users.service';

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read: strangers get 401 and non-administrators 403 whatever they send.
  app.addHook('onRequest', app.requireAdmin);
  const present = (user: Parameters<typeof presentUser>[0]) => ({ user: presentUser(user, app.storage) });

  app.route({
    ...routeOf(adminRoutes.users),
    handler: async (request) => presentUserPage(await listUsersForAdmin(app, request.query), app.storage),
  });

  app.route({
    ...routeOf(adminRoutes.user),
    handler: async (request) => present(await getUserForAdmin(app, request.params.id)),
  });

  app.route({
    ...routeOf(adminRoutes.createUser),
    handler: async (request, reply) => {
      const user = await adminCreateUser(app, request.body, request.lang);
      return reply.status(201).send(present(user));
    },
  });

  app.route({
    ...routeOf(adminRoutes.updateUser),
    handler: async (request) => present(await adminUpdateUser(app, userOf(request), request.params.id, request.body)),
  });

  app.route({
    ...routeOf(adminRoutes.setUserPlan),
    handler: async (request) =>
      present(await adminSetPlan(app, userOf(request), request.params.id, request.body.planType)),
  });

  app.route({
    ...routeOf(adminRoutes.deleteUser),
    handler: async (request, reply) => {
      await adminDeleteUser(app, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
};
