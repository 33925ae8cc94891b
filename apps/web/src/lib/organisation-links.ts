/** An organisation's public page and the feed formats its screens list (their addresses: lib/feed-links.ts). */
import type { FeedFormat } from '@evmap/contract/feeds';

/** The formats in the order screens list them: the calendar first, then the feed readers'. */
export const FEED_FORMATS_SHOWN: readonly FeedFormat[] = ['ics', 'rss', 'atom', 'json'];

/** The public page of an organisation. */
export const organisationPath = (handle: string) => `/organisations/${encodeURIComponent(handle)}`;
