/**
 * Event feeds (feeds.ts): every filter of the map and the list, or one organisation, as iCalendar, Atom, RSS or
 * JSON Feed; the format is the path's suffix. Cacheable (ETag, Last-Modified, 304), rate-limited per address.
 */
import { errorBodySchema } from '../errors';
import {
  FEED_CANCELLED_DAYS,
  FEED_DAYS,
  FEED_MAX_EVENTS,
  type FeedFormat,
  feedQuerySchema,
  organisationFeedQuerySchema,
  organisationParamsSchema,
} from '../feeds';
import { fileAnswer, noContentSchema } from '../responses';
import { route } from './route';

const tags = ['public'];
const MEDIA: Record<FeedFormat, [string, string]> = {
  ics: ['text/calendar', 'iCalendar (RFC 5545, RFC 7986)'],
  atom: ['application/atom+xml', 'Atom (RFC 4287)'],
  rss: ['application/rss+xml', 'RSS 2.0'],
  json: ['application/feed+json', 'JSON Feed 1.1'],
};
const bound = `the occurrences of the next ${FEED_DAYS} days, at most ${FEED_MAX_EVENTS} events (soonest first); deactivated or deleted events stay ${FEED_CANCELLED_DAYS} days as cancelled`;

const answers = (format: FeedFormat) => ({
  200: fileAnswer(MEDIA[format][0], `The feed as ${MEDIA[format][1]}`, 'text'),
  304: noContentSchema.describe('Not modified: the ETag of If-None-Match (or If-Modified-Since) is still current'),
  429: errorBodySchema,
});

/**
 * What the events feed of a format answers; its method and path are written as literals in the table below (the web
 * build reads them from the source: apps/web/scripts/route-table-paths.ts).
 */
const eventsFeed = (format: FeedFormat) =>
  ({
    tags,
    summary: `The events of a filter as ${MEDIA[format][1]}`,
    description: `Every filter is optional: lang, category (a handle), city, bounds (west,south,east,north), access (attributes, comma-separated), q (words), organiser (an id: 404 unknown, 410 removed). Bounded: ${bound}.`,
    query: feedQuerySchema,
    response: { ...answers(format), 404: errorBodySchema, 410: errorBodySchema },
  }) as const;

/** What an organisation's feed of a format answers (method and path: in the table below). */
const organisationFeed = (format: FeedFormat) =>
  ({
    tags,
    summary: `An organisation's events as ${MEDIA[format][1]}`,
    description: `The same filters as the events feed, without organiser. 404: no such organisation; 410: the organisation was removed. Bounded: ${bound}.`,
    params: organisationParamsSchema,
    query: organisationFeedQuerySchema,
    response: { ...answers(format), 404: errorBodySchema, 410: errorBodySchema },
  }) as const;

export const feedsRoutes = {
  eventsIcs: route({ method: 'GET', path: '/public/feeds/events.ics', ...eventsFeed('ics') }),
  eventsAtom: route({ method: 'GET', path: '/public/feeds/events.atom', ...eventsFeed('atom') }),
  eventsRss: route({ method: 'GET', path: '/public/feeds/events.rss', ...eventsFeed('rss') }),
  eventsJson: route({ method: 'GET', path: '/public/feeds/events.json', ...eventsFeed('json') }),
  organisationIcs: route({ method: 'GET', path: '/public/organisations/:id/feed.ics', ...organisationFeed('ics') }),
  organisationAtom: route({ method: 'GET', path: '/public/organisations/:id/feed.atom', ...organisationFeed('atom') }),
  organisationRss: route({ method: 'GET', path: '/public/organisations/:id/feed.rss', ...organisationFeed('rss') }),
  organisationJson: route({ method: 'GET', path: '/public/organisations/:id/feed.json', ...organisationFeed('json') }),
};
