import { type Category, globalsResponseSchema } from '@evmap/contract/globals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCategories } from './globals.repository';

/** GET /public/globals: the categories, with French and English titles, and the map's tile settings (the default credit in both languages). */
export const globalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/globals',
    { schema: { tags: ['public'], response: { 200: globalsResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        categories: (await listCategories(app.db)) as Category[],
        map: {
          tileUrl: app.config.tileUrl,
          tileAttribution: app.config.tileAttribution,
          tileAttributionFr: app.config.tileAttributionFr,
        },
      };
    },
  );
};
