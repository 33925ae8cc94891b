/**
 * Event statistics: POST /public/events/{uuid}/stats, GET /connected/events/{id}/stats and its admin twin, and
 * GET /connected/events/views (the week's views of every own event at once).
 */

import { adminRoutes } from '@evmap/contract/routes/admin';
import { eventRoutes } from '@evmap/contract/routes/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { userOf } from '../../plugins/auth';
import { presentStats } from './stats.presenter';
import { adminEventStats, ownEventViews, ownerEventStats, recordStat } from './stats.service';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(eventRoutes.recordStat),
    handler: async (request, reply) => {
      await recordStat(app, request.ip, request.params.uuid, request.body);
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(eventRoutes.ownViews),
    onRequest: app.requireVerifiedUser,
    handler: async (request) => ({ views: await ownEventViews(app, userOf(request)) }),
  });

  app.route({
    ...routeOf(eventRoutes.ownStats),
    onRequest: app.requireVerifiedUser,
    handler: async (request) => presentStats(await ownerEventStats(app, userOf(request), request.params.id)),
  });

  app.route({
    ...routeOf(adminRoutes.eventStats),
    onRequest: app.requireAdmin,
    handler: async (request) => presentStats(await adminEventStats(app, request.params.id)),
  });
};
