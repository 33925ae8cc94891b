/**
 * GET /public/events/markers: every marker of a day, category and tile (issue 23). Cacheable by browsers and CDNs:
 * a short max-age, then revalidation with the ETag (If-None-Match answers 304 without a body).
 */
import { DAY_NOW } from '@evmap/contract/events';
import { MARKERS_MAX_AGE_S, MARKERS_NOW_MAX_AGE_S } from '@evmap/contract/markers';
import { eventRoutes } from '@evmap/contract/routes/events';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { sendAnswer } from '../search/search-body';
import { MarkersService } from './markers.service';

/** Whether If-None-Match names the ETag (a list, weak validators and `*` included, as RFC 9110 says). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export const markersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new MarkersService(app.db, app.pool, app.storage, app.eventChanges);
  app.addHook('preClose', async () => service.close());

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
      if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
      return sendAnswer(request, reply as FastifyReply, answer);
    },
  });
};
