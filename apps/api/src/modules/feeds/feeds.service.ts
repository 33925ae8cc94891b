/**
 * Feeds (issue 26): the events of a filter, or of one organisation, as iCalendar (lib/icalendar.ts), Atom, RSS or
 * JSON Feed (the `feed` library). Titles and descriptions in the feed's language, English falling back to French as
 * on the site. The answer carries a strong ETag of its bytes and the latest change among its events (Last-Modified).
 */
import type { Lang } from '@evmap/contract/enums';
import {
  FEED_CANCELLED_DAYS,
  FEED_DAYS,
  FEED_MAX_EVENTS,
  FEED_REFRESH_S,
  type FeedFormat,
} from '@evmap/contract/feeds';
import { wallClockToInstant } from '@evmap/contract/wall-clock';
import type { FastifyInstance } from 'fastify';
import { Feed } from 'feed';
import { AppError, notFound } from '../../errors';
import { writeCalendar } from '../../lib/icalendar';
import { etagOf } from '../search/search-body';
import { localized, placeText } from '../sharing/shared-event.presenter';
import {
  type FeedEventRow,
  type FeedFilter,
  findFeedEvents,
  findOrganisation,
  lastEventsWrite,
} from './feeds.repository';

export type FeedsDeps = Pick<FastifyInstance, 'db'> & { config: { appUrl: string } };

export type FeedRequest = {
  format: FeedFormat;
  lang: Lang;
  filter: FeedFilter;
  /** The feed's own address from the site's root (path and query), for SOURCE and self links. */
  path: string;
};

export type FeedAnswer = { body: Buffer; etag: string; lastModified: Date | null };

const TEXTS = {
  en: {
    title: 'EventMap: events',
    organisation: (name: string) => `EventMap: events of ${name}`,
    bound: `The occurrences of the next ${FEED_DAYS} days, at most ${FEED_MAX_EVENTS} events, soonest first. Cancelled events stay ${FEED_CANCELLED_DAYS} days.`,
    cancelled: (title: string) => `Cancelled: ${title}`,
  },
  fr: {
    title: 'EventMap\u202f: événements',
    organisation: (name: string) => `EventMap\u202f: événements de ${name}`,
    bound: `Les occurrences des ${FEED_DAYS} prochains jours, au plus ${FEED_MAX_EVENTS} événements, les plus proches d'abord. Les événements annulés restent ${FEED_CANCELLED_DAYS} jours.`,
    cancelled: (title: string) => `Annulé\u202f: ${title}`,
  },
} as const;

/** 404 for an unknown organisation, 410 for a removed one; its name otherwise. */
async function organisationName(deps: FeedsDeps, id: number): Promise<string> {
  const organisation = await findOrganisation(deps.db, id);
  if (!organisation) throw notFound();
  if (organisation.removed) throw new AppError(410, { global: { key: 'organisationRemoved' } });
  return organisation.name ?? `#${id}`;
}

type Item = {
  row: FeedEventRow;
  title: string;
  description: string | null;
  place: string | null;
  url: string;
  updatedAt: Date;
};

function occurrenceText(lang: Lang, date: { startDate: string; endDate: string | null }, timeZone: string): string {
  const format = (wallClock: string) =>
    new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone,
    }).format(new Date(wallClockToInstant(wallClock, timeZone).utcMs));
  return date.endDate ? `${format(date.startDate)} – ${format(date.endDate)}` : format(date.startDate);
}

/** The dates to come (not ended) of an event, in its zone. */
function upcoming(row: FeedEventRow, nowMs: number) {
  return row.dates.filter((date) => wallClockToInstant(date.endDate ?? date.startDate, row.timeZone).utcMs >= nowMs);
}

function writeIcs(items: Item[], head: { title: string; bound: string; source: string }): string {
  return writeCalendar(
    { name: head.title, description: head.bound, source: head.source, refreshS: FEED_REFRESH_S },
    items.map(({ row, title, description, place, url, updatedAt }) => ({
      uid: `${row.uuid}@evmap`,
      sequence: row.revision,
      updatedAt,
      createdAt: new Date(row.createdAt),
      title,
      description: [description, url].filter(Boolean).join('\n\n'),
      location: place,
      geo: row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lon: row.longitude } : null,
      url,
      timeZone: row.timeZone,
      dates: row.dates,
      cancelled: row.cancelled,
      categories: row.category ? [row.category] : [],
    })),
  );
}

function writeSyndication(
  format: 'atom' | 'rss' | 'json',
  lang: Lang,
  items: Item[],
  head: { title: string; bound: string; source: string; appUrl: string; updated: Date },
  nowMs: number,
): string {
  const texts = TEXTS[lang];
  const feed = new Feed({
    id: head.source,
    title: head.title,
    description: head.bound,
    link: head.appUrl,
    language: lang,
    updated: head.updated,
    generator: 'EventMap',
    feedLinks: { [format]: head.source },
    ttl: FEED_REFRESH_S / 60,
  });
  const extras = new Map<string, unknown>();
  for (const { row, title, description, place, url, updatedAt } of items) {
    const dates = upcoming(row, nowMs).map((date) => occurrenceText(lang, date, row.timeZone));
    const text = [dates.join('\n'), place, description].filter(Boolean).join('\n\n');
    const id = `urn:uuid:${row.uuid}`;
    feed.addItem({
      id,
      guid: id,
      link: url,
      title: row.cancelled ? texts.cancelled(title) : title,
      description: text,
      date: updatedAt,
      published: new Date(row.createdAt),
      ...(row.category ? { category: [{ name: row.category, term: row.category }] } : {}),
      ...(row.organiser ? { author: [{ name: row.organiser }] } : {}),
    });
    extras.set(id, {
      cancelled: row.cancelled,
      time_zone: row.timeZone,
      dates: row.dates,
      ...(row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : {}),
    });
  }
  if (format === 'atom') return feed.atom1();
  if (format === 'rss') return feed.rss2();
  // JSON Feed's extensions: keys starting with an underscore (each event's dates, zone, place and state).
  const json = JSON.parse(feed.json1()) as { items: Array<{ id: string } & Record<string, unknown>> };
  for (const item of json.items) item._evmap = extras.get(item.id);
  return JSON.stringify(json);
}

/** The feed of `request`, for the organisation `organisationId` when given. */
export async function buildFeed(deps: FeedsDeps, request: FeedRequest, organisationId?: number): Promise<FeedAnswer> {
  const ownerId = organisationId ?? request.filter.organiserId;
  const name = ownerId === undefined ? undefined : await organisationName(deps, ownerId);
  const rows = await findFeedEvents(
    deps.db,
    { ...request.filter, ...(ownerId === undefined ? {} : { organiserId: ownerId }) },
    { days: FEED_DAYS, cancelledDays: FEED_CANCELLED_DAYS, limit: FEED_MAX_EVENTS },
  );
  const { lang } = request;
  const texts = TEXTS[lang];
  const appUrl = deps.config.appUrl;
  const items: Item[] = rows.map((row) => ({
    row,
    title: localized(lang, row.titleFr, row.titleEn) ?? row.titleFr,
    description: localized(lang, row.descriptionFr, row.descriptionEn),
    place: placeText(row),
    url: `${appUrl}/events/${encodeURIComponent(row.handle)}`,
    updatedAt: new Date(row.updatedAt),
  }));
  // The latest change among the feed's events, or the latest event write anywhere when later (an event that left the
  // feed by a write changed it too).
  // The body holds only the former, so that its ETag stays while nothing in it changes.
  const updated = new Date(Math.max(0, ...items.map((item) => item.updatedAt.getTime())));
  const lastWrite = await lastEventsWrite(deps.db);
  const latest = Math.max(updated.getTime(), lastWrite?.getTime() ?? 0);
  const lastModified = latest === 0 ? null : new Date(latest);
  const head = {
    title: name === undefined ? texts.title : texts.organisation(name),
    bound: texts.bound,
    source: `${appUrl}${request.path}`,
    appUrl,
    updated,
  };
  const text =
    request.format === 'ics' ? writeIcs(items, head) : writeSyndication(request.format, lang, items, head, Date.now());
  const body = Buffer.from(text);
  return { body, etag: etagOf(body, request.format[0]), lastModified };
}
