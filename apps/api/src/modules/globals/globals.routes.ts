import type { Category } from '@evmap/contract/globals';
import { globalsRoutes as routes } from '@evmap/contract/routes/globals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { PLACE_DATA_SOURCES } from '../places/geocoder.factory';
import { listCategories } from './globals.repository';

/**
 * GET /public/globals: the categories, with French and English titles, the map's tile settings (the default
 * credit in both languages) and whose data the place suggestions are, for their credit.
 */
export const globalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(routes.globals),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        categories: (await listCategories(app.db)) as Category[],
        map: {
          tileUrl: app.config.tileUrl,
          tileAttribution: app.config.tileAttribution,
          tileAttributionFr: app.config.tileAttributionFr,
        },
        places: {
          source: PLACE_DATA_SOURCES[app.config.geocoder.provider],
          geocoder: app.config.geocoder.provider,
          streetAddresses: app.config.geocoder.provider !== 'builtin',
        },
      };
    },
  });
};
