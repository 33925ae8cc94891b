/** Reports: POST /public/events/{uuid}/signal, and DELETE /connected/admin/events/{id}/signals after review. */

import { errorBodySchema } from '@evmap/contract/errors';
import { eventUuidParamsSchema } from '@evmap/contract/event-actions';
import { eventResponseSchema } from '@evmap/contract/events';
import { noContentSchema } from '@evmap/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentEvent } from './event.presenter';
import { idParamsSchema } from './owner-events.routes';
import { clearEventSignals, signalEvent } from './signals.service';

export const signalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/events/:uuid/signal',
    {
      schema: {
        tags: ['public'],
        params: eventUuidParamsSchema,
        response: { 204: noContentSchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const visitor = { ip: request.ip, sessionId: request.headers['x-session-id'] };
      await signalEvent(app, visitor, request.params.uuid);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/connected/admin/events/:id/signals',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], params: idParamsSchema, response: { 200: eventResponseSchema } },
    },
    async (request) => ({
      event: presentEvent(await clearEventSignals(app, request.params.id), app.storage, { withCreator: true }),
    }),
  );
};
