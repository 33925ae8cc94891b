/**
 * POST /public/events/search (the map search, answered from cached bytes) and GET /public/ping
 * (a constant answer: the baseline the benchmark compares search with).
 */

import { errorBodySchema } from '@evmap/contract/errors';
import { searchBodySchema, searchResponseSchema } from '@evmap/contract/events';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions, SearchService } from './search.service';
import { chooseEncoding } from './search-body';

export const searchRoutes: FastifyPluginAsyncZod<{ search?: Partial<SearchOptions> }> = async (app, options) => {
  const service = new SearchService(app.db, app.pool, app.storage, { ...DEFAULT_SEARCH_OPTIONS, ...options.search });
  app.addHook('preClose', async () => service.close());

  app.post(
    '/public/events/search',
    {
      // Answers are compressed once and cached with the answer, not per request by @fastify/compress.
      compress: false,
      schema: {
        tags: ['public'],
        body: searchBodySchema,
        response: { 200: searchResponseSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      // A search still queued when its client has left is not run.
      const answer = await service.search(request.body, () => request.raw.socket?.destroyed === true);
      const raw = reply as FastifyReply;
      raw.header('content-type', 'application/json; charset=utf-8');
      raw.header('cache-control', 'no-store');
      raw.header('vary', 'accept-encoding');
      if (answer.etag) raw.header('etag', answer.etag);
      const encoding = answer.body.length >= 1024 ? chooseEncoding(request.headers['accept-encoding']) : undefined;
      if (encoding) {
        raw.header('content-encoding', encoding);
        return raw.send(await answer.encoded(encoding));
      }
      // Bytes already serialised: Fastify sends a Buffer as it is.
      return raw.send(answer.body);
    },
  );

  app.get(
    '/public/ping',
    { schema: { tags: ['system'], response: { 200: z.object({ ok: z.literal(true) }) } } },
    async () => ({ ok: true as const }),
  );
};
