/** Event statistics: POST /public/events/{uuid}/stats, GET /connected/events/{id}/stats and its admin twin. */

import { errorBodySchema } from '@evmap/contract/errors';
import { eventUuidParamsSchema } from '@evmap/contract/event-actions';
import { eventStatsResponseSchema, statBodySchema } from '@evmap/contract/events';
import { noContentSchema } from '@evmap/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { idParamsSchema } from './owner-events.routes';
import { presentStats } from './stats.presenter';
import { adminEventStats, ownerEventStats, recordStat } from './stats.service';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/events/:uuid/stats',
    {
      schema: {
        tags: ['public'],
        params: eventUuidParamsSchema,
        body: statBodySchema,
        response: { 204: noContentSchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await recordStat(app, request.ip, request.params.uuid, request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/connected/events/:id/stats',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        tags: ['events'],
        params: idParamsSchema,
        response: { 200: eventStatsResponseSchema, 403: errorBodySchema },
      },
    },
    async (request) => presentStats(await ownerEventStats(app, userOf(request), request.params.id)),
  );

  app.get(
    '/connected/admin/events/:id/stats',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], params: idParamsSchema, response: { 200: eventStatsResponseSchema } },
    },
    async (request) => presentStats(await adminEventStats(app, request.params.id)),
  );
};
