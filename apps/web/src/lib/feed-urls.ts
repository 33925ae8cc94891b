/**
 * The addresses of an organisation's feeds (issue 26), built from the route table: what a calendar or a feed reader
 * subscribes to. Absolute, on this site's origin, in the language asked.
 */
import type { Lang } from '@evmap/contract/enums';
import type { FeedFormat } from '@evmap/contract/feeds';
import { feedsRoutes } from '@evmap/contract/routes/feeds';
import { API_PREFIX, pathOf } from '@evmap/contract/routes/route';

const ORGANISATION_FEEDS = {
  ics: feedsRoutes.organisationIcs,
  rss: feedsRoutes.organisationRss,
  atom: feedsRoutes.organisationAtom,
  json: feedsRoutes.organisationJson,
} as const satisfies Record<FeedFormat, { path: string }>;

/** The formats in the order screens list them: the calendar first, then the feed readers'. */
export const FEED_FORMATS_SHOWN: readonly FeedFormat[] = ['ics', 'rss', 'atom', 'json'];

/** `https://site/api/v1/public/organisations/{id}/feed.{format}?lang=…` */
export function organisationFeedUrl(organisationId: number, format: FeedFormat, lang: Lang): string {
  return `${window.location.origin}${API_PREFIX}${pathOf(ORGANISATION_FEEDS[format], { id: organisationId }, { lang })}`;
}

/** The public page of an organisation. */
export const organisationPath = (handle: string) => `/organisations/${encodeURIComponent(handle)}`;
