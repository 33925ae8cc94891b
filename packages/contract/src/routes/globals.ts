/** The app's shared calls: categories and settings, places, uploads, contact, newsletter; health and ping. */
import { z } from 'zod';
import { errorBodySchema } from '../errors';
import { contactSchema, subscribeSchema, uploadBodySchema, uploadResponseSchema } from '../forms';
import { globalsResponseSchema, healthResponseSchema } from '../globals';
import { placesQuerySchema, placesResponseSchema } from '../places';
import { noContentSchema } from '../responses';
import { route } from './route';

export const globalsRoutes = {
  /**
   * The categories, with French and English titles, the map's tile settings and whose data the place
   * suggestions are, for their credit.
   */
  globals: route({
    method: 'GET',
    path: '/public/globals',
    tags: ['public'],
    response: { 200: globalsResponseSchema },
  }),
  /** Newsletter signup: an email; nothing to show in return. */
  subscribe: route({
    method: 'POST',
    path: '/public/globals/subscribe',
    tags: ['public'],
    body: subscribeSchema,
    response: { 204: noContentSchema, 429: errorBodySchema },
  }),
  places: route({
    method: 'GET',
    path: '/public/places/autocomplete',
    tags: ['public'],
    summary: 'Places in Canada matching the text typed (city, postal code or "street, city")',
    query: placesQuerySchema,
    response: { 200: placesResponseSchema, 429: errorBodySchema, 503: errorBodySchema },
  }),
  /** A multipart `file` and `folder`; answers url and path. */
  upload: route({
    method: 'POST',
    path: '/connected/globals/upload',
    tags: ['globals'],
    consumes: ['multipart/form-data'],
    body: uploadBodySchema,
    // 403: a folder the user may not write to; 503: too many images being processed at once.
    response: { 200: uploadResponseSchema, 403: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
  }),
  /** Subject and message; nothing to show in return. */
  contactUs: route({
    method: 'POST',
    path: '/connected/globals/contact-us',
    tags: ['globals'],
    body: contactSchema,
    response: { 204: noContentSchema, 403: errorBodySchema, 429: errorBodySchema },
  }),
  /** Ok only after a real database round trip; 503 while the instance drains. */
  health: route({
    method: 'GET',
    path: '/health',
    tags: ['system'],
    response: { 200: healthResponseSchema, 503: errorBodySchema },
  }),
  /** A constant answer: the baseline the benchmark compares the search with. */
  ping: route({
    method: 'GET',
    path: '/public/ping',
    tags: ['system'],
    response: { 200: z.object({ ok: z.literal(true) }) },
  }),
};
