/**
 * GET /public/organisations/{handle}: an organisation's public page. Cacheable like the feeds (public, short max-age,
 * then ETag revalidation answered 304) and rate-limited per address like them.
 */
import { FEED_MAX_AGE_S, FEED_RATE_LIMIT } from '@evmap/contract/feeds';
import { organisationsRoutes as routes } from '@evmap/contract/routes/organisations';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { etagMatches } from '../../lib/etag';
import { routeOf } from '../../lib/route-table';
import { etagOf } from '../search/search-body';
import { organisationPage } from './organisations.service';

export const organisationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(routes.page),
    handler: async (request, reply) => {
      await app.rateLimiter.consume({ key: `organisations-ip:${request.ip}`, ...FEED_RATE_LIMIT });
      const page = await organisationPage(app, request.params.handle, request.query.page);
      const body = Buffer.from(JSON.stringify(page));
      const etag = etagOf(body, 'o');
      reply.header('cache-control', `public, max-age=${FEED_MAX_AGE_S}`);
      reply.header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      // Bytes already serialised (their ETag is their hash): Fastify sends a Buffer as it is.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  });
};
