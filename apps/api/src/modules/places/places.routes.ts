/** GET /public/places/autocomplete?q=&lang=: places in Canada for the event form's address field. */

import { globalsRoutes } from '@evmap/contract/routes/globals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import type { Geocoder } from './geocoder';
import { createGeocoder } from './geocoder.factory';
import { autocompletePlaces } from './places.service';

export const placesRoutes: FastifyPluginAsyncZod<{ geocoder?: Geocoder }> = async (app, options) => {
  const geocoder = options.geocoder ?? createGeocoder(app.config);
  app.route({
    ...routeOf(globalsRoutes.places),
    handler: async (request, reply) => {
      const { q, lang } = request.query;
      const deps = { rateLimiter: app.rateLimiter, geocoder, log: request.log };
      const places = await autocompletePlaces(deps, q, lang ?? request.lang, request.ip);
      reply.header('cache-control', 'private, max-age=300');
      return { places };
    },
  });
};
