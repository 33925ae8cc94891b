/**
 * The iCalendar writer (RFC 5545, with RFC 7986's NAME, DESCRIPTION, SOURCE and REFRESH-INTERVAL), through the
 * `ical-generator` library, with the VTIMEZONE of each zone used from `timezones-ical-library`.
 *
 * An event is ONE VEVENT whatever its number of dates, in its own zone (DTSTART;TZID=…, wall-clock times as stored,
 * so that an occurrence keeps its time across a daylight-saving change):
 * - dates on a regular grid (every n days or weeks, same time and length) are an RRULE with COUNT, and the dates
 *   missing from the grid are EXDATEs;
 * - other dates are RDATEs (the first one included);
 * - an occurrence whose length differs from the first one's is also written as an override (RECURRENCE-ID).
 */
import ical, { ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';

/** Wall-clock occurrence in the event's zone, 'YYYY-MM-DD HH:mm:ss'. */
export type WallClockDate = { startDate: string; endDate: string | null };

export type CalendarEvent = {
  uid: string;
  /** Raised on each change (RFC 5545 SEQUENCE). */
  sequence: number;
  /** Last change (DTSTAMP and LAST-MODIFIED). */
  updatedAt: Date;
  createdAt?: Date;
  title: string;
  description: string | null;
  location: string | null;
  geo: { lat: number; lon: number } | null;
  url: string;
  timeZone: string;
  /** Sorted by start; at least one. */
  dates: WallClockDate[];
  cancelled?: boolean;
  categories?: string[];
};

export type CalendarOptions = {
  name: string;
  description?: string;
  /** The calendar's own address (SOURCE), for subscriptions. */
  source?: string;
  /** Seconds between refreshes asked of the subscribers (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refreshS?: number;
};

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD HH:mm:ss' as 'YYYY-MM-DDTHH:mm:ss' (ical-generator writes it as is in the event's zone). */
const iso = (wallClock: string) => wallClock.replace(' ', 'T');
/** 'YYYY-MM-DD HH:mm:ss' as the iCalendar local DATE-TIME '20261101T190000'. */
const icsLocal = (wallClock: string) => wallClock.replace(/[-:]/g, '').replace(' ', 'T');
/** Wall-clock as a number of milliseconds (as if it were UTC): differences of days and lengths, not instants. */
const asMs = (wallClock: string) => Date.parse(`${iso(wallClock)}Z`);
const lengthOf = (date: WallClockDate) => (date.endDate === null ? null : asMs(date.endDate) - asMs(date.startDate));

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export type Recurrence = {
  /** The RRULE value (without `RRULE:`), or null when the dates are RDATEs. */
  rule: string | null;
  /** Wall-clock starts removed from the rule's grid. */
  exdates: string[];
  /** Wall-clock starts, the first one included (when not a rule). */
  rdates: string[];
  /** Occurrences whose length differs from the first one's. */
  overrides: WallClockDate[];
};

/** How `dates` (sorted, distinct starts) are written as one VEVENT. */
export function recurrenceOf(dates: WallClockDate[]): Recurrence {
  const [first, ...rest] = dates;
  const none: Recurrence = { rule: null, exdates: [], rdates: [], overrides: [] };
  if (!first || rest.length === 0) return none;
  const length = lengthOf(first);
  const overrides = rest.filter((date) => lengthOf(date) !== length);
  const start = asMs(first.startDate);
  const offsets = rest.map((date) => asMs(date.startDate) - start);
  // The same time of day for every date (wall clock), so a grid of whole days.
  const wholeDays = offsets.every((offset) => offset > 0 && offset % DAY_MS === 0);
  if (wholeDays) {
    const step = offsets.map((offset) => offset / DAY_MS).reduce(gcd);
    const slots = offsets.at(-1)! / DAY_MS / step + 1;
    const missing = slots - dates.length;
    // A grid with at most as many holes as dates: a rule with exceptions; sparser dates are listed.
    if (missing <= dates.length) {
      const taken = new Set(offsets.map((offset) => offset / DAY_MS / step));
      const exdates: string[] = [];
      for (let slot = 1; slot < slots; slot++) {
        if (!taken.has(slot)) {
          const day = new Date(start + slot * step * DAY_MS).toISOString().slice(0, 10);
          exdates.push(`${day} ${first.startDate.slice(11)}`);
        }
      }
      const rule =
        step % 7 === 0
          ? `FREQ=WEEKLY${step === 7 ? '' : `;INTERVAL=${step / 7}`};COUNT=${slots}`
          : `FREQ=DAILY${step === 1 ? '' : `;INTERVAL=${step}`};COUNT=${slots}`;
      return { rule, exdates, rdates: [], overrides };
    }
  }
  // The first date too: RFC 5545 counts DTSTART as the first instance (a duplicate RDATE is ignored), but some readers
  // (ical.js among them) expand only the RDATEs when there is no RRULE.
  return { rule: null, exdates: [], rdates: dates.map((date) => date.startDate), overrides };
}

/** The recurrence lines of a VEVENT (inserted as they are by ical-generator). */
function recurrenceLines(recurrence: Recurrence, timeZone: string, count: number): string | null {
  const list = (name: string, starts: string[]) =>
    starts.length === 0 ? [] : [`${name};TZID=${timeZone}:${starts.map(icsLocal).join(',')}`];
  const lines = [
    ...(recurrence.rule ? [`RRULE:${recurrence.rule}`] : []),
    ...list('EXDATE', recurrence.exdates),
    ...list('RDATE', recurrence.rdates),
  ];
  if (lines.length === 0) return null;
  // The number of occurrences, for readers; it also keeps ical-generator from taking a lone RDATE line for an RRULE
  // value (it prefixes `RRULE:` to a single line).
  lines.push(`X-EVMAP-OCCURRENCES:${count}`);
  return lines.join('\r\n');
}

/** The VTIMEZONE of a zone (the library's data), or null when it does not know it. */
function vtimezone(timeZone: string): string | null {
  const block = tzlib_get_ical_block(timeZone);
  const text = Array.isArray(block) ? block[0] : undefined;
  return text ? text : null;
}

/** The calendar as text, CRLF line endings, lines folded. */
export function writeCalendar(options: CalendarOptions, events: CalendarEvent[]): string {
  const calendar = ical({
    name: options.name,
    description: options.description ?? null,
    source: options.source ?? null,
    ttl: options.refreshS ?? null,
    prodId: { company: 'EventMap', product: 'EventMap', language: 'EN' },
    timezone: { name: null, generator: vtimezone },
  });
  for (const event of events) {
    const [first] = event.dates;
    if (!first) continue;
    const common = {
      id: event.uid,
      sequence: event.sequence,
      stamp: event.updatedAt,
      lastModified: event.updatedAt,
      ...(event.createdAt ? { created: event.createdAt } : {}),
      timezone: event.timeZone,
      summary: event.title,
      description: event.description,
      location:
        event.location || event.geo ? { title: event.location ?? '', ...(event.geo ? { geo: event.geo } : {}) } : null,
      url: event.url,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      categories: (event.categories ?? []).map((name) => ({ name })),
    };
    const recurrence = recurrenceOf(event.dates);
    calendar.createEvent({
      ...common,
      start: iso(first.startDate),
      end: first.endDate ? iso(first.endDate) : null,
      repeating: recurrenceLines(recurrence, event.timeZone, event.dates.length),
    });
    for (const date of recurrence.overrides) {
      calendar.createEvent({
        ...common,
        recurrenceId: iso(date.startDate),
        start: iso(date.startDate),
        end: date.endDate ? iso(date.endDate) : null,
      });
    }
  }
  // RFC 5545 ends every content line with CRLF, the last one too (the library leaves it out).
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
