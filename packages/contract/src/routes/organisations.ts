/** Organisations' public pages (organisations.ts): public, cacheable (ETag, 304), rate-limited per address. */
import { errorBodySchema } from '../errors';
import { FEED_MAX_AGE_S } from '../feeds';
import {
  ORGANISATION_EVENTS_PAGE_SIZE,
  organisationHandleParamsSchema,
  organisationPageQuerySchema,
  organisationPageResponseSchema,
} from '../organisations';
import { noContentSchema } from '../responses';
import { route } from './route';

export const organisationsRoutes = {
  page: route({
    method: 'GET',
    path: '/public/organisations/:handle',
    tags: ['public'],
    summary: "An organisation's public page: its name, website, upcoming events and feeds",
    description: `The upcoming events (a date not ended), soonest first, ${ORGANISATION_EVENTS_PAGE_SIZE} a page. 400: a handle or page that is not valid; 404: no such organisation; 410: the organisation was removed. Public, kept ${FEED_MAX_AGE_S} s, then ETag revalidation (304).`,
    params: organisationHandleParamsSchema,
    query: organisationPageQuerySchema,
    response: {
      200: organisationPageResponseSchema,
      304: noContentSchema.describe('Not modified: the ETag of If-None-Match is still current'),
      400: errorBodySchema,
      404: errorBodySchema,
      410: errorBodySchema,
      429: errorBodySchema,
    },
  }),
};
