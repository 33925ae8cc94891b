/**
 * The connectors' one interface (issue 25): a source's body, fetched whole by the fetcher (or its pages, fetched by
 * the connector itself with the same fetcher: `fetchRecords`), parsed into records,
 * each with a stable external id and either an event body that passes the event-write rules (the admin creation
 * schema of the contract) or a rejection with its reason. A feed that cannot be read as a whole (malformed,
 * truncated) throws a FeedError: the run then changes nothing.
 */
import { EVENT_DATES_MAX } from '@evmap/contract/constants';
import { formatDateTime } from '@evmap/contract/event-dates';
import { type AdminEventInput, adminCreateEventBodySchema } from '@evmap/contract/events';
import { foldText } from '../../../lib/text';

export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedError';
  }
}

/** What a connector hands to the run for one record. */
export type ImportedRecord =
  | {
      externalId: string;
      event: AdminEventInput;
      /** The record's picture (an iCalendar ATTACH, a JSON-LD image): fetched by the run when new or changed. */
      imageUrl?: string;
      rejection?: undefined;
    }
  | { externalId: string | null; event?: undefined; imageUrl?: undefined; rejection: string };

export type ParseContext = {
  /** The run's instant: occurrences are kept from it to IMPORT_WINDOW_DAYS later. */
  now: Date;
  /** IANA zone the dates are written in (the zone of the events' province). */
  timeZone: string;
  /** The source's category (folded) → a category id; `defaultCategoryId` otherwise. */
  categoryOf: (sourceCategory: string | undefined) => number | null;
};

/** Fetches one URL for a source (safe-fetch: its address checks, its time and size limits), with its Accept. */
export type Fetcher = (url: string) => Promise<{ body: Buffer; url: string }>;

export type Connector = {
  /** The Accept header of the fetch. */
  accept: string;
  /** The records of one fetched body (the source's whole feed, or one page of it); a large one may be streamed. */
  parse: (body: Buffer, context: ParseContext) => ImportedRecord[] | Promise<ImportedRecord[]>;
  /**
   * A feed of several pages (an API): the connector fetches them itself, each with `fetch`, and answers all the
   * records, or throws (FeedError, FetchError) when any page fails. Without it, the run fetches the source's URL
   * once and parses the body.
   */
  fetchRecords?: (fetch: Fetcher, url: string, context: ParseContext) => Promise<ImportedRecord[]>;
};

/** The rejection of a record its source cancelled: its event, if imported before, is deactivated. */
export const CANCELLED = 'cancelled';

/** Occurrences kept: those that end after the run and start within this many days of it. */
export const IMPORT_WINDOW_DAYS = 60;

/** An instant as wall-clock time in `timeZone`, written as if UTC (the contract's date helpers read it so). */
export function wallClock(instant: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')));
}

/** Whether `zone` is an IANA zone this runtime knows. */
export const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The instant of a wall-clock time (written as UTC fields) in IANA `zone` (two passes over the zone's offset). */
export function instantIn(wall: Date, zone: string): Date {
  const asUtc = wall.getTime();
  let guess = asUtc;
  for (let i = 0; i < 2; i++) guess = asUtc - (wallClock(new Date(guess), zone).getTime() - guess);
  return new Date(guess);
}

const QUARTER = 15 * 60_000;
const DAY = 86_400_000;
const floorQuarter = (d: Date) => new Date(Math.floor(d.getTime() / QUARTER) * QUARTER);
const ceilQuarter = (d: Date) => new Date(Math.ceil(d.getTime() / QUARTER) * QUARTER);

/** A feed's date-time as written without a zone (`2026-05-01`, `2026-05-01T19:30`, `2026-05-01 19:30:00`). */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

/**
 * A date of a JSON feed as wall-clock in `timeZone`: taken as written when it has no zone, else the instant's
 * wall-clock there; `dateOnly` without a time. Undefined when unreadable.
 */
export function feedWallClock(
  raw: string | undefined,
  timeZone: string,
): { date: Date; dateOnly: boolean } | undefined {
  if (!raw) return undefined;
  const local = LOCAL_DATE_TIME.exec(raw);
  if (local) {
    const [y, mo, d, h, mi, s] = local.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
    return { date: new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!)), dateOnly: local[4] === undefined };
  }
  const instant = new Date(raw);
  return Number.isNaN(instant.getTime()) ? undefined : { date: wallClock(instant, timeZone), dateOnly: false };
}

/**
 * One occurrence (wall-clock start and end, or an all-day span) as event dates under spec section 5's rules:
 * times on the quarter hour, an end on the same or the next day; a longer span becomes one date a day.
 */
export function occurrenceDates(
  start: Date,
  end: Date | null,
  allDay = false,
): Array<{ startDate: string; endDate: string | null }> {
  const from = floorQuarter(start);
  if (allDay) {
    const days = end ? Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY)) : 1;
    return Array.from({ length: Math.min(days, EVENT_DATES_MAX) }, (_, i) => {
      const day = new Date(from.getTime() + i * DAY);
      return { startDate: formatDateTime(day), endDate: formatDateTime(new Date(day.getTime() + DAY - QUARTER)) };
    });
  }
  let to = end ? ceilQuarter(end) : null;
  if (to && to.getTime() - from.getTime() < QUARTER) to = null;
  const startDay = Math.floor(from.getTime() / DAY);
  const endDay = to ? Math.floor((to.getTime() - 1) / DAY) : startDay;
  if (!to || endDay - startDay <= 1) {
    return [{ startDate: formatDateTime(from), endDate: to ? formatDateTime(to) : null }];
  }
  // Several days: the same hours every day (or from the start time to the end of the day).
  const startMs = from.getTime() - startDay * DAY;
  const endMs = to.getTime() - Math.floor(to.getTime() / DAY) * DAY;
  const dailyEnd = endMs - startMs >= QUARTER ? endMs : DAY - QUARTER;
  return Array.from({ length: Math.min(endDay - startDay + 1, EVENT_DATES_MAX) }, (_, i) => {
    const day = (startDay + i) * DAY;
    return { startDate: formatDateTime(new Date(day + startMs)), endDate: formatDateTime(new Date(day + dailyEnd)) };
  });
}

/** The dates within the window (ending after `now`, starting before now + IMPORT_WINDOW_DAYS), sorted, bounded. */
export function upcoming(
  dates: Array<{ startDate: string; endDate: string | null }>,
  context: ParseContext,
): Array<{ startDate: string; endDate: string | null }> {
  const now = formatDateTime(wallClock(context.now, context.timeZone));
  const last = formatDateTime(wallClock(new Date(context.now.getTime() + IMPORT_WINDOW_DAYS * DAY), context.timeZone));
  const seen = new Set<string>();
  return dates
    .filter((d) => (d.endDate ?? d.startDate) >= now && d.startDate <= last)
    .sort((a, b) => a.startDate.localeCompare(b.startDate))
    .filter((d) => !seen.has(d.startDate) && seen.add(d.startDate))
    .slice(0, EVENT_DATES_MAX);
}

const clip = (value: string | null | undefined, max: number) => {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : undefined;
};

/** The record's candidate event, checked against the event-write rules; the first broken rule is the reason. */
export function toRecord(externalId: string, candidate: Record<string, unknown>, imageUrl?: string): ImportedRecord {
  const dates = candidate.dates as unknown[] | undefined;
  if (!dates || dates.length === 0) return { externalId, rejection: 'noUpcomingDates' };
  const parsed = adminCreateEventBodySchema.safeParse({
    ...candidate,
    titleFr: clip(candidate.titleFr as string, 200),
    descriptionFr: typeof candidate.descriptionFr === 'string' ? candidate.descriptionFr.slice(0, 10_000) : undefined,
    address: clip(candidate.address as string, 300),
    city: clip(candidate.city as string, 120),
    price: clip(candidate.price as string, 200),
  });
  if (parsed.success)
    return imageUrl ? { externalId, event: parsed.data, imageUrl } : { externalId, event: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { externalId, rejection: `${issue.path.join('.') || 'record'}: ${issue.message}` };
}

/** The key a source category is mapped by: folded (lower-case, no accents). */
export const categoryKey = (value: string | undefined) => (value ? foldText(value) : undefined);

/** An http(s) URL as written (trimmed), else undefined. */
export const httpUrlOf = (value: string | undefined) => {
  const url = value?.trim();
  return url && /^https?:\/\/\S+$/i.test(url) ? url : undefined;
};

/** A URL whose path ends like a picture's (when no media type says so). */
export const looksLikeImage = (url: string) => /\.(?:png|jpe?g|gif|webp)(?:[?#]|$)/i.test(url);
