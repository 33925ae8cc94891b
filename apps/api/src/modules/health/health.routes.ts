import { errorBodySchema } from '@evmap/contract/errors';
import { healthResponseSchema } from '@evmap/contract/globals';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';

/**
 * GET /health: answers ok only after a real database round trip, and 503 while the instance drains (SIGTERM),
 * so that a balancer stops sending it traffic before it stops accepting.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: healthResponseSchema, 503: errorBodySchema } } },
    async () => {
      if (app.lifecycle.draining) throw new AppError(503, { global: { key: 'unavailable' } }, { 'retry-after': '5' });
      try {
        await app.db.execute(sql`SELECT 1`);
      } catch {
        throw new AppError(503, { global: { key: 'unavailable' } });
      }
      return { status: 'ok' as const };
    },
  );
};
