/**
 * POST /public/events/search (the map search, answered from cached bytes) and GET /public/ping
 * (a constant answer: the baseline the benchmark compares search with).
 */

import { eventRoutes } from '@evmap/contract/routes/events';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions, SearchService } from './search.service';
import { sendAnswer } from './search-body';

export const searchRoutes: FastifyPluginAsyncZod<{ search?: Partial<SearchOptions> }> = async (app, options) => {
  const service = new SearchService(app.pool, app.storage, { ...DEFAULT_SEARCH_OPTIONS, ...options.search });
  app.addHook('preClose', async () => service.close());

  app.route({
    ...routeOf(eventRoutes.search),
    // Answers are compressed once and cached with the answer, not per request by @fastify/compress.
    compress: false,
    handler: async (request, reply) => {
      // A search still queued when its client has left is not run.
      const answer = await service.search(request.body, () => request.raw.socket?.destroyed === true);
      reply.header('cache-control', 'no-store');
      return sendAnswer(request, reply as FastifyReply, answer);
    },
  });

  app.route({ ...routeOf(globalsRoutes.ping), handler: async () => ({ ok: true as const }) });
};
