/** Reports: POST /public/events/{uuid}/signal, and DELETE /connected/admin/events/{id}/signals after review. */

import { adminRoutes } from '@evmap/contract/routes/admin';
import { eventRoutes } from '@evmap/contract/routes/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { presentEvent } from './event.presenter';
import { clearEventSignals, signalEvent } from './signals.service';

export const signalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(eventRoutes.signal),
    // Open to visitors; a signed-in reporter is also counted once as a user. A token that does not check out
    // counts as none (a report needs no account).
    onRequest: async (request, reply) => {
      if (request.headers.authorization) await app.requireUser(request, reply).catch(() => undefined);
    },
    handler: async (request, reply) => {
      await signalEvent(
        app,
        { ip: request.ip, userId: request.currentUser?.id },
        request.params.uuid,
        request.body?.reason,
      );
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(adminRoutes.clearSignals),
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      event: presentEvent(await clearEventSignals(app, request.params.id), app.storage, { withCreator: true }),
    }),
  });
};
