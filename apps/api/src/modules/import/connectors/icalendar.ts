/**
 * iCalendar (RFC 5545) feeds: each VEVENT series (its UID) is one record; ical.js expands RRULE/RDATE/EXDATE and
 * applies RECURRENCE-ID overrides, VTIMEZONE definitions registered first (a TZID without one, if it names an IANA
 * zone, is read in that zone). Occurrences are written as wall-clock dates in the events' zone, those of the next
 * IMPORT_WINDOW_DAYS only. STATUS:CANCELLED drops an occurrence (or the whole series). GEO gives coordinates,
 * LOCATION the address, URL the external link, CATEGORIES the source category, the first ATTACH that
 * is a picture its image.
 */
import ICAL from 'ical.js';
import {
  CANCELLED,
  type Connector,
  FeedError,
  httpUrlOf,
  IMPORT_WINDOW_DAYS,
  type ImportedRecord,
  instantIn,
  isZone,
  looksLikeImage,
  occurrenceDates,
  type ParseContext,
  toRecord,
  upcoming,
  wallClock,
} from './types';

/** Occurrences looked at per series at most (a runaway RRULE must not hold the run). */
const OCCURRENCES_MAX = 2_000;

/** The instant of wall-clock `time` in IANA `zone`. */
const zonedInstant = (time: ICAL.Time, zone: string) =>
  instantIn(new Date(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second)), zone);

/** An ICAL time as wall-clock in the events' zone (a date alone stays a date). */
function local(time: ICAL.Time, context: ParseContext): Date {
  if (time.isDate) return new Date(Date.UTC(time.year, time.month - 1, time.day));
  const tzid = (time as unknown as { timezone?: string }).timezone;
  const zone = time.zone?.tzid;
  let instant: Date;
  if (zone === 'UTC' || (zone && zone !== 'floating')) instant = time.toJSDate();
  else if (tzid && isZone(tzid)) instant = zonedInstant(time, tzid);
  else instant = zonedInstant(time, context.timeZone);
  return wallClock(instant, context.timeZone);
}

const text = (component: ICAL.Component, name: string) => {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

const cancelled = (component: ICAL.Component) => text(component, 'status')?.toUpperCase() === 'CANCELLED';

function seriesRecord(master: ICAL.Component, overrides: ICAL.Component[], context: ParseContext): ImportedRecord {
  const uid = text(master, 'uid')!;
  if (cancelled(master)) return { externalId: uid, rejection: CANCELLED };
  const event = new ICAL.Event(master);
  for (const override of overrides) event.relateException(override);
  const windowEnd = new Date(context.now.getTime() + IMPORT_WINDOW_DAYS * 86_400_000);
  const dates: Array<{ startDate: string; endDate: string | null }> = [];
  const add = (start: ICAL.Time, end: ICAL.Time | null) =>
    dates.push(...occurrenceDates(local(start, context), end ? local(end, context) : null, start.isDate));
  if (event.isRecurring()) {
    const iterator = event.iterator();
    for (let i = 0, next = iterator.next(); next && i < OCCURRENCES_MAX; i++, next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      if (details.startDate.toJSDate() > windowEnd) break;
      if (cancelled(details.item.component)) continue;
      add(details.startDate, details.endDate);
    }
  } else {
    add(event.startDate, event.endDate ?? null);
  }
  const geo = master.getFirstPropertyValue('geo') as unknown;
  const [latitude, longitude] = Array.isArray(geo) ? (geo as number[]) : [null, null];
  const categories = master.getFirstProperty('categories')?.getValues() as string[] | undefined;
  const url = text(master, 'url');
  return toRecord(
    uid,
    {
      titleFr: text(master, 'summary'),
      descriptionFr: text(master, 'description'),
      address: text(master, 'location'),
      latitude,
      longitude,
      externalLink: url && /^https?:\/\//i.test(url) ? url : undefined,
      categoryId: context.categoryOf(categories?.[0]),
      dates: upcoming(dates, context),
    },
    imageOf(master),
  );
}

/** The first ATTACH that is a picture: a URI with an image FMTTYPE, or without one, a URL that looks like one. */
function imageOf(master: ICAL.Component): string | undefined {
  for (const attach of master.getAllProperties('attach')) {
    const value = attach.getFirstValue();
    const url =
      typeof value === 'string' && attach.getParameter('encoding') === undefined ? httpUrlOf(value) : undefined;
    if (!url) continue;
    const type = attach.getParameter('fmttype');
    if (typeof type === 'string' ? type.toLowerCase().startsWith('image/') : looksLikeImage(url)) return url;
  }
  return undefined;
}

function parse(body: Buffer, context: ParseContext): ImportedRecord[] {
  const source = body.toString('utf8');
  // A cut-off download still parses up to where it stops: only a closed calendar is read.
  if (!/^\s*BEGIN:VCALENDAR/i.test(source) || !/END:VCALENDAR\s*$/i.test(source)) {
    throw new FeedError('not a complete iCalendar file (BEGIN:VCALENDAR … END:VCALENDAR)');
  }
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(source) as unknown[]);
  } catch (error) {
    throw new FeedError(`not a valid iCalendar file: ${(error as Error).message}`);
  }
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const series = new Map<string, { master?: ICAL.Component; overrides: ICAL.Component[] }>();
  const records: ImportedRecord[] = [];
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = text(vevent, 'uid');
    if (!uid) {
      records.push({ externalId: null, rejection: 'noStableId' });
      continue;
    }
    const entry = series.get(uid) ?? { overrides: [] };
    if (vevent.hasProperty('recurrence-id')) entry.overrides.push(vevent);
    else entry.master = vevent;
    series.set(uid, entry);
  }
  for (const [uid, { master, overrides }] of series) {
    try {
      if (master) records.push(seriesRecord(master, overrides, context));
      else records.push({ externalId: uid, rejection: 'overrideWithoutSeries' });
    } catch (error) {
      records.push({ externalId: uid, rejection: `unreadable: ${(error as Error).message}` });
    }
  }
  return records;
}

export const icalendarConnector = { accept: 'text/calendar, */*;q=0.5', parse } satisfies Connector;
