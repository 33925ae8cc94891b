/** GET /public/places/autocomplete?q=&lang=: places in Canada for the event form's address field. */

import { errorBodySchema } from '@evmap/contract/errors';
import { placesQuerySchema, placesResponseSchema } from '@evmap/contract/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Geocoder } from './geocoder';
import { createGeocoder } from './geocoder.factory';
import { autocompletePlaces } from './places.service';

export const placesRoutes: FastifyPluginAsyncZod<{ geocoder?: Geocoder }> = async (app, options) => {
  const geocoder = options.geocoder ?? createGeocoder(app.config);
  app.get(
    '/public/places/autocomplete',
    {
      schema: {
        tags: ['public'],
        summary: 'Places in Canada matching the text typed (city, postal code or "street, city")',
        querystring: placesQuerySchema,
        response: { 200: placesResponseSchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { q, lang } = request.query;
      const deps = { rateLimiter: app.rateLimiter, geocoder, log: request.log };
      const places = await autocompletePlaces(deps, q, lang ?? request.lang, request.ip);
      reply.header('cache-control', 'private, max-age=300');
      return { places };
    },
  );
};
