/**
 * GET /public/events/markers: every marker of a day, category and tile (issue 23). Cacheable by browsers and CDNs:
 * a short max-age, then revalidation with the ETag (If-None-Match answers 304 without a body). An answer sent once
 * is sent again by the front door (markers-front-door.ts) while it stays current.
 */
import { DAY_NOW } from '@evmap/contract/events';
import { MARKERS_MAX_AGE_S, MARKERS_NOW_MAX_AGE_S } from '@evmap/contract/markers';
import { eventRoutes } from '@evmap/contract/routes/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { etagMatches } from '../../lib/etag';
import { routeOf } from '../../lib/route-table';
import { sendAnswer } from '../search/search-body';
import { type MarkersReply, MarkersService } from './markers.service';

export const markersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new MarkersService(app.pool, app.storage, app.eventChanges);
  app.markersFrontDoor.attach(service);
  app.addHook('preClose', async () => {
    app.markersFrontDoor.clear();
    service.close();
  });
  /** The answers sent, until their response is finished (then remembered by the front door). */
  const sent = new WeakMap<FastifyRequest, MarkersReply>();

  app.route({
    ...routeOf(eventRoutes.markers),
    // Answers are compressed once and cached with the answer (as the search's), not per request by @fastify/compress.
    compress: false,
    handler: async (request, reply) => {
      const answer = await service.markers(request.query);
      reply.header(
        'cache-control',
        // "Now" changes as time passes: kept briefly, never served stale.
        request.query.day === DAY_NOW
          ? `public, max-age=${MARKERS_NOW_MAX_AGE_S}`
          : `public, max-age=${MARKERS_MAX_AGE_S}, stale-while-revalidate=${4 * MARKERS_MAX_AGE_S}`,
      );
      reply.header('etag', answer.etag);
      reply.header('vary', 'accept-encoding');
      if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
      if (request.query.day !== DAY_NOW) sent.set(request, answer);
      return sendAnswer(request, reply as FastifyReply, answer);
    },
    // Every header of the answer is set once it is sent (the security headers, the request id...).
    onResponse: (request, reply, done) => {
      const answer = sent.get(request);
      if (answer && reply.statusCode === 200 && request.raw.url) {
        app.markersFrontDoor.remember(request.raw.url, answer.key, answer.etag, reply.getHeaders());
      }
      done();
    },
  });
};
