/** /connected/admin/users (spec section 7, Admin): administrators only. */
import {
  adminSetPlanSchema,
  adminUserBodySchema,
  adminUsersListSchema,
  adminUsersQuerySchema,
  userIdParamsSchema,
} from '@evmap/contract/admin-users';
import { errorBodySchema } from '@evmap/contract/errors';
import { noContentSchema } from '@evmap/contract/responses';
import { userResponseSchema } from '@evmap/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  const tags = ['admin'];
  const present = (user: Parameters<typeof presentUser>[0]) => ({ user: presentUser(user, app.storage) });

  app.get(
    '/connected/admin/users',
    { schema: { tags, querystring: adminUsersQuerySchema, response: { 200: adminUsersListSchema } } },
    async (request) => presentUserPage(await listUsersForAdmin(app, request.query), app.storage),
  );

  app.get(
    '/connected/admin/users/id/:id',
    { schema: { tags, params: userIdParamsSchema, response: { 200: userResponseSchema } } },
    async (request) => present(await getUserForAdmin(app, request.params.id)),
  );

  app.post(
    '/connected/admin/users',
    { schema: { tags, body: adminUserBodySchema, response: { 201: userResponseSchema, 409: errorBodySchema } } },
    async (request, reply) => {
      const user = await adminCreateUser(app, request.body, request.lang);
      return reply.status(201).send(present(user));
    },
  );

  app.put(
    '/connected/admin/users/:id',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: adminUserBodySchema,
        response: { 200: userResponseSchema, 409: errorBodySchema },
      },
    },
    async (request) => present(await adminUpdateUser(app, userOf(request), request.params.id, request.body)),
  );

  app.put(
    '/connected/admin/users/:id/plans',
    { schema: { tags, params: userIdParamsSchema, body: adminSetPlanSchema, response: { 200: userResponseSchema } } },
    async (request) => present(await adminSetPlan(app, userOf(request), request.params.id, request.body.planType)),
  );

  app.delete(
    '/connected/admin/users/id/:id',
    { schema: { tags, params: userIdParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await adminDeleteUser(app, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
