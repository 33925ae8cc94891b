/** GET /connected/admin/moderation: the reported events waiting for an administrator. */
import { moderationListSchema, moderationQuerySchema } from '@evmap/contract/admin-dashboard';
import { errorBodySchema } from '@evmap/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentModerationPage } from './moderation.presenter';
import { listModerationQueue } from './moderation.service';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the query is read: strangers get 401 and non-administrators 403 whatever they send.
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/connected/admin/moderation',
    {
      schema: {
        tags: ['admin'],
        querystring: moderationQuerySchema,
        response: { 200: moderationListSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => presentModerationPage(await listModerationQueue(app, request.query), app.storage),
  );
};
