import { globalsRoutes } from '@evmap/contract/routes/globals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client';
import { AppError } from '../../errors';
import { routeOf } from '../../lib/route-table';

/**
 * GET /health: answers ok only after a real database round trip, and 503 while the instance drains (SIGTERM),
 * so that a balancer stops sending it traffic before it stops accepting.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(globalsRoutes.health),
    handler: async () => {
      if (app.lifecycle.draining) throw new AppError(503, { global: { key: 'unavailable' } }, { 'retry-after': '5' });
      try {
        await pingDatabase(app.db);
      } catch {
        throw new AppError(503, { global: { key: 'unavailable' } });
      }
      return { status: 'ok' as const };
    },
  });
};
