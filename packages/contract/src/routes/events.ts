/**
 * Events as the public, their owners and viewers reach them: the map search and its live stream, an event's page,
 * calendar file, reports and statistics; an event-manager's own events; a viewer's favourites.
 */
import { z } from 'zod';
import { errorBodySchema } from '../errors';
import { eventUuidParamsSchema, favoriteStateResponseSchema, idParamsSchema, signalBodySchema } from '../event-actions';
import {
  eventResponseSchema,
  eventStatsResponseSchema,
  eventsByIdsQuerySchema,
  eventsResponseSchema,
  ownEventViewsResponseSchema,
  ownerEventBodySchema,
  searchBodySchema,
  searchResponseSchema,
  statBodySchema,
} from '../events';
import { markersQuerySchema, markersResponseSchema } from '../markers';
import { fileAnswer, noContentSchema } from '../responses';
import { route } from './route';

const publicTags = ['public'];
const ownTags = ['events'];
const favoriteTags = ['favorites'];
/** 402, 409 and 503: the charge of a publication under the unit plan; 429: the event writes of an account. */
const publication = {
  200: eventResponseSchema,
  402: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
} as const;

export const eventRoutes = {
  /** The map search, answered from cached bytes. */
  search: route({
    method: 'POST',
    path: '/public/events/search',
    tags: publicTags,
    body: searchBodySchema,
    response: { 200: searchResponseSchema, 503: errorBodySchema },
  }),
  /**
   * Every marker of a day, category and tile, in one small answer that browsers and CDNs keep (ETag, Cache-Control;
   * If-None-Match answers 304).
   */
  markers: route({
    method: 'GET',
    path: '/public/events/markers',
    tags: publicTags,
    query: markersQuerySchema,
    response: {
      200: markersResponseSchema,
      304: noContentSchema.describe('Not modified: the ETag of If-None-Match is still current'),
      503: errorBodySchema,
    },
  }),
  /** Server-Sent Events: `change` (an event was created, updated or deleted) and `resync`. */
  stream: route({
    method: 'GET',
    path: '/public/events/stream',
    tags: publicTags,
    response: {
      200: fileAnswer('text/event-stream', 'Server-Sent Events: `change` and `resync`', 'text'),
      429: errorBodySchema,
      503: errorBodySchema,
    },
  }),
  /**
   * Active events by id, in the order asked (those not visible are left out): the details a list shows of the
   * markers it lists, a page at a time. Cacheable like the markers (ETag, a short max-age).
   */
  byIds: route({
    method: 'GET',
    path: '/public/events/by-ids',
    tags: publicTags,
    query: eventsByIdsQuerySchema,
    response: {
      200: eventsResponseSchema,
      304: noContentSchema.describe('Not modified: the ETag of If-None-Match is still current'),
    },
  }),
  /** An active event by its handle or uuid (the public event page). */
  byHandleOrUuid: route({
    method: 'GET',
    path: '/public/events/handle-or-uuid/:handleOrUuid',
    tags: publicTags,
    params: z.object({ handleOrUuid: z.string().min(1).max(200) }),
    response: { 200: eventResponseSchema },
  }),
  ics: route({
    method: 'GET',
    path: '/public/events/:uuid/ics',
    tags: publicTags,
    summary: 'The event as an iCalendar file (one VEVENT for all its dates, in its zone)',
    params: eventUuidParamsSchema,
    response: { 200: fileAnswer('text/calendar', 'The event as an iCalendar file', 'text') },
  }),
  /** A report, from a visitor or a signed-in user. */
  signal: route({
    method: 'POST',
    path: '/public/events/:uuid/signal',
    tags: publicTags,
    params: eventUuidParamsSchema,
    body: signalBodySchema,
    response: { 204: noContentSchema, 429: errorBodySchema },
  }),
  /** A view or an action click. */
  recordStat: route({
    method: 'POST',
    path: '/public/events/:uuid/stats',
    tags: publicTags,
    params: eventUuidParamsSchema,
    body: statBodySchema,
    response: { 204: noContentSchema, 429: errorBodySchema },
  }),

  /** The signed-in event-manager's own events. */
  ownList: route({
    method: 'GET',
    path: '/connected/events',
    tags: ownTags,
    response: { 200: eventsResponseSchema, 403: errorBodySchema },
  }),
  ownByUuid: route({
    method: 'GET',
    path: '/connected/events/uuid/:uuid',
    tags: ownTags,
    params: eventUuidParamsSchema,
    response: { 200: eventResponseSchema, 403: errorBodySchema },
  }),
  createOwn: route({
    method: 'POST',
    path: '/connected/events',
    tags: ownTags,
    body: ownerEventBodySchema,
    response: publication,
  }),
  /**
   * Under the unit plan, a new place or dates beyond the published ones are a new publication: 409 until the
   * owner confirms it (confirmCharge), then charged (402 refused, 503 provider unreachable, 409 in progress).
   */
  updateOwn: route({
    method: 'PUT',
    path: '/connected/events/:id',
    tags: ownTags,
    params: idParamsSchema,
    body: ownerEventBodySchema,
    response: publication,
  }),
  deleteOwn: route({
    method: 'DELETE',
    path: '/connected/events/id/:id',
    tags: ownTags,
    params: idParamsSchema,
    response: { 204: noContentSchema, 403: errorBodySchema, 429: errorBodySchema },
  }),
  ownViews: route({
    method: 'GET',
    path: '/connected/events/views',
    tags: ownTags,
    summary: "The views of each of the caller's events over the last 7 days, in one answer",
    description:
      "One query for the whole list (the profile's cards), instead of one statistics call per event. Days are counted in each event's zone, today included; events without views are left out.",
    response: { 200: ownEventViewsResponseSchema, 403: errorBodySchema },
  }),
  ownStats: route({
    method: 'GET',
    path: '/connected/events/:id/stats',
    tags: ownTags,
    params: idParamsSchema,
    response: { 200: eventStatsResponseSchema, 403: errorBodySchema },
  }),

  /** A viewer's favourites (403 for event-managers and administrators). */
  favorites: route({
    method: 'GET',
    path: '/connected/events/favorite',
    tags: favoriteTags,
    response: { 200: eventsResponseSchema, 403: errorBodySchema },
  }),
  favoriteState: route({
    method: 'GET',
    path: '/connected/events/id/:id/favorite',
    tags: favoriteTags,
    params: idParamsSchema,
    response: { 200: favoriteStateResponseSchema, 403: errorBodySchema },
  }),
  addFavorite: route({
    method: 'POST',
    path: '/connected/events/id/:id/favorite',
    tags: favoriteTags,
    params: idParamsSchema,
    response: { 204: noContentSchema, 403: errorBodySchema },
  }),
  removeFavorite: route({
    method: 'DELETE',
    path: '/connected/events/id/:id/favorite',
    tags: favoriteTags,
    params: idParamsSchema,
    response: { 204: noContentSchema, 403: errorBodySchema },
  }),
};
