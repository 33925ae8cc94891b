/** GET /connected/admin/moderation: the reported events waiting for an administrator. */
import { adminRoutes } from '@evmap/contract/routes/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { presentModerationPage } from './moderation.presenter';
import { listModerationQueue } from './moderation.service';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the query is read: strangers get 401 and non-administrators 403 whatever they send.
  app.addHook('onRequest', app.requireAdmin);

  app.route({
    ...routeOf(adminRoutes.moderation),
    handler: async (request) => presentModerationPage(await listModerationQueue(app, request.query), app.storage),
  });
};
