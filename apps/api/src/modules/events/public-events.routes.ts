/** Public event page data: GET /public/events/handle-or-uuid/{handleOrUuid}. */
import { MARKERS_MAX_AGE_S } from '@evmap/contract/marker-tiles';
import { eventRoutes } from '@evmap/contract/routes/events';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { etagMatches } from '../../lib/etag';
import { routeOf } from '../../lib/route-table';
import { etagOf } from '../search/search-body';
import { presentEvent } from './event.presenter';
import { findEventByHandleOrUuid, findEventsByIds } from './events.repository';

export const publicEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(eventRoutes.byIds),
    handler: async (request, reply) => {
      const ids = request.query.ids;
      const byId = new Map((await findEventsByIds(app.db, ids)).map((event) => [event.id, event]));
      const events = ids
        .map((id) => byId.get(id))
        .filter((event) => event?.active && !event.deletedAt)
        .map((event) => presentEvent(event!, app.storage));
      const body = Buffer.from(JSON.stringify({ events }));
      const etag = etagOf(body, 'e');
      reply.header('cache-control', `public, max-age=${MARKERS_MAX_AGE_S}`);
      reply.header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      // Bytes already serialised (their ETag is their hash): Fastify sends a Buffer as it is.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  });

  app.route({
    ...routeOf(eventRoutes.byHandleOrUuid),
    handler: async (request) => {
      const event = await findEventByHandleOrUuid(app.db, request.params.handleOrUuid);
      if (!event?.active || event.deletedAt) throw notFound();
      return { event: presentEvent(event, app.storage) };
    },
  });
};
