/** Public event page data: GET /public/events/handle-or-uuid/{handleOrUuid}. */
import { eventResponseSchema } from '@evmap/contract/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { presentEvent } from './event.presenter';
import { findEventByHandleOrUuid } from './events.repository';

export const publicEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/events/handle-or-uuid/:handleOrUuid',
    {
      schema: {
        tags: ['public'],
        params: z.object({ handleOrUuid: z.string().min(1).max(200) }),
        response: { 200: eventResponseSchema },
      },
    },
    async (request) => {
      const event = await findEventByHandleOrUuid(app.db, request.params.handleOrUuid);
      if (!event?.active || event.deletedAt) throw notFound();
      return { event: presentEvent(event, app.storage) };
    },
  );
};
