/**
 * Event feeds (issue 26): the events of a filter, or of one organisation, as iCalendar, Atom, RSS or JSON Feed, at
 * readable addresses a person can build by hand:
 *
 *   /api/v1/public/feeds/events.ics?lang=en&category=cultural&city=Montréal
 *   /api/v1/public/feeds/events.atom?bounds=-74.0,45.3,-73.4,45.8
 *   /api/v1/public/organisations/42/feed.json?lang=fr
 *
 * Every feed is bounded: the occurrences of the next FEED_DAYS days, at most FEED_MAX_EVENTS events (soonest
 * first), both said in the feed itself. A deactivated or deleted event stays FEED_CANCELLED_DAYS days as cancelled.
 *
 * Every filter of the map and the list is a key of filterShape (the same names as the marker answers' query: `q`,
 * `access`), and one condition in the API's feeds.repository.ts (feedConditions); a new filter is one more optional
 * key, so the addresses already built stay valid.
 */
import { z } from 'zod';
import { accessQuerySchema } from './accessibility';
import { dbIdSchema } from './bounds';
import { CATEGORY_HANDLES, langSchema } from './enums';
import { searchTextSchema } from './events';

/** The feeds cover the occurrences from now to this many days ahead (in constants.ts, which the web app reads). */
export { FEED_DAYS } from './constants';
/** At most this many events per feed (soonest first). */
export const FEED_MAX_EVENTS = 200;
/** A deactivated or deleted event stays this many days in the feeds, as cancelled, so subscribers remove it. */
export const FEED_CANCELLED_DAYS = 30;
/** How long browsers and CDNs keep a feed before asking again (seconds); then ETag or Last-Modified (304). */
export const FEED_MAX_AGE_S = 300;
/** How often calendar applications are asked to refresh (iCalendar REFRESH-INTERVAL), in seconds. */
export const FEED_REFRESH_S = 3600;
/** Requests of one address per minute, all feeds together (then 429). */
export const FEED_RATE_LIMIT = { limit: 60, windowMs: 60_000 } as const;

export const FEED_FORMATS = ['ics', 'atom', 'rss', 'json'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** The Content-Type of each format. */
export const FEED_MEDIA_TYPES: Record<FeedFormat, string> = {
  ics: 'text/calendar; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** `west,south,east,north` in decimal degrees (the usual bounding-box order, as OpenStreetMap and GeoJSON write it). */
export const feedBoundsSchema = z
  .string()
  .max(200)
  .transform((text) => text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part))))
  .refine(
    (values) => {
      if (values.length !== 4 || !values.every(Number.isFinite)) return false;
      const [west, south, east, north] = values as [number, number, number, number];
      return west >= -180 && east <= 180 && south >= -90 && north <= 90 && west <= east && south <= north;
    },
    { error: 'fieldInvalid' },
  )
  .transform(([west, south, east, north]) => ({ west: west!, south: south!, east: east!, north: north! }));

/** The filters every feed takes (the organisation's feed takes them too, without `organiser`). */
const filterShape = {
  /** Titles and descriptions in this language (English falls back to French). */
  lang: langSchema.optional().default('fr'),
  category: z.enum(CATEGORY_HANDLES, { error: 'fieldInvalid' }).optional(),
  /** The event's city, compared without case or accents (`montreal` finds Montréal). */
  city: z.string().trim().min(1).max(100).optional(),
  bounds: feedBoundsSchema.optional(),
  /** Accessibility attributes every event must have (`stepFree,asl`), as on the map and the list. */
  access: accessQuerySchema.max(200, { error: 'fieldInvalid' }).optional(),
  /** Words to find, as the map's and the list's search; empty: no text filter. */
  q: searchTextSchema().optional(),
};

/** GET /public/feeds/events.{format}?lang=&category=&city=&bounds=&access=&q=&organiser= */
export const feedQuerySchema = z.strictObject({
  ...filterShape,
  /** An organisation's account id (the same as /public/organisations/{id}/feed.{format}). */
  organiser: z.coerce.number({ error: 'fieldInvalid' }).pipe(dbIdSchema()).optional(),
});
export type FeedQuery = z.output<typeof feedQuerySchema>;

/** GET /public/organisations/{id}/feed.{format}?lang=&category=&city=&bounds=&access=&q= */
export const organisationFeedQuerySchema = z.strictObject(filterShape);

export { idParamsSchema as organisationParamsSchema } from './event-actions';
