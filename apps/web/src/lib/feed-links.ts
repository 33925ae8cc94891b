/**
 * The addresses of an events feed (issue 26) from the filters a visitor chose: https (to copy, for feed readers),
 * webcal: (what Apple Calendar and Outlook subscribe to) and Google Calendar's "add by address" page. The query keys
 * are the API's (packages/contract/src/feeds.ts), so an address built here is one a person could write by hand.
 */
import { feedsRoutes } from '@evmap/contract/routes/feeds';
import { urlOf } from '@evmap/contract/routes/route';

export type FeedFilters = {
  lang: 'fr' | 'en';
  /** A category handle. */
  category?: string;
  /** The area, in degrees. */
  bounds?: { west: number; south: number; east: number; north: number };
  /** Accessibility attributes every event must have. */
  access?: readonly string[];
  /** Words to find. */
  q?: string;
  /** One organisation's own feed (its account id). */
  organisation?: number;
};

export type FeedLinks = { ics: string; webcal: string; google: string; rss: string; atom: string; json: string };

const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
// Three decimals (about 100 m), rounded outwards: a readable address that still holds every event of the view.
const down = (value: number, limit: number) => clamp(Math.floor(value * 1000) / 1000, limit);
const up = (value: number, limit: number) => clamp(Math.ceil(value * 1000) / 1000, limit);

/** The feed's query string values (empty ones left out by urlOf). */
export function feedQuery(filters: FeedFilters): Record<string, string | undefined> {
  const b = filters.bounds;
  return {
    lang: filters.lang,
    category: filters.category,
    bounds: b && [down(b.west, 180), down(b.south, 90), up(b.east, 180), up(b.north, 90)].join(','),
    access: filters.access?.length ? filters.access.join(',') : undefined,
    q: filters.q?.trim() || undefined,
  };
}

/** Every address of the feed of `filters`, absolute (from `origin`, the site's by default). */
export function feedLinks(filters: FeedFilters, origin: string = window.location.origin): FeedLinks {
  const query = feedQuery(filters);
  const id = filters.organisation;
  const at = (events: { path: string }, own: { path: string }) =>
    origin + (id === undefined ? urlOf(events, {}, query) : urlOf(own, { id }, query));
  const ics = at(feedsRoutes.eventsIcs, feedsRoutes.organisationIcs);
  const webcal = ics.replace(/^https?:/, 'webcal:');
  return {
    ics,
    webcal,
    google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    rss: at(feedsRoutes.eventsRss, feedsRoutes.organisationRss),
    atom: at(feedsRoutes.eventsAtom, feedsRoutes.organisationAtom),
    json: at(feedsRoutes.eventsJson, feedsRoutes.organisationJson),
  };
}
