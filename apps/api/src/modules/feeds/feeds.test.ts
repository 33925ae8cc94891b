/**
 * The feeds against PostgreSQL, each read back by independent parsers: iCalendar by ical.js (which expands RRULE,
 * RDATE and EXDATE in the VTIMEZONE given), Atom and RSS by fast-xml-parser, JSON Feed by JSON.parse. Occurrences
 * are compared with the event's stored dates; filters, window, limit, language fallback, cancelled events,
 * SEQUENCE, caching (ETag, Last-Modified, 304), 404 and 410 of organisations, and the rate limit.
 */
import { FEED_CANCELLED_DAYS, FEED_DAYS, FEED_MAX_EVENTS, FEED_RATE_LIMIT } from '@evmap/contract/feeds';
import { nowWallClock, wallClockToInstant, zoneOffsetMinutes } from '@evmap/contract/wall-clock';
import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { categoryId, eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';

const ZONE = 'America/Toronto';
const DAY_MS = 86_400_000;

let ctx: TestContext;
let owner: UserRow;
let other: UserRow;
let admin: UserRow;
let cultural: number;
let sport: number;

type Created = { id: number; uuid: string; handle: string };
const create = async (body: Record<string, unknown>, user = owner): Promise<Created> => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, user),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event;
};
const adminUpdate = async (id: number, body: Record<string, unknown>) => {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/connected/admin/events/${id}`,
    headers: authHeaders(ctx.app, admin),
    payload: { creatorId: owner.id, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
};

let address = 0;
/** A GET from its own address (x-forwarded-for under TRUST_PROXY), so that the rate limit stays out of the way. */
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/v1${url}`, headers: { 'x-forwarded-for': `198.51.100.${++address % 250}`, ...headers } });

/** 'YYYY-MM-DD HH:mm:ss' `days` days from today (in ZONE) at `time`. */
const dayAt = (days: number, time: string) =>
  `${new Date(Date.parse(`${nowWallClock(ZONE).slice(0, 10)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)} ${time}`;
const plusMinutes = (wallClock: string, minutes: number) =>
  new Date(Date.parse(`${wallClock.replace(' ', 'T')}Z`) + minutes * 60_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');

type Occurrence = { start: string; end: string | null; startUtc: number };
type ParsedEvent = {
  uid: string;
  summary: string;
  sequence: number;
  status: string | null;
  url: string | null;
  geo: [number, number] | null;
  tzid: string | null;
  occurrences: Occurrence[];
  lines: { rrule: boolean; rdate: boolean; exdate: boolean };
};

/** The calendar as ical.js reads it: its properties, and each event's occurrences, expanded in its VTIMEZONE. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const components = calendar.getAllSubcomponents('vevent');
  const masters = components.filter((c) => !c.hasProperty('recurrence-id'));
  const events: ParsedEvent[] = masters.map((component) => {
    const event = new ICAL.Event(component);
    for (const exception of components.filter(
      (c) => c.hasProperty('recurrence-id') && c.getFirstPropertyValue('uid') === event.uid,
    )) {
      event.relateException(exception);
    }
    const occurrences: Occurrence[] = [];
    const iterator = event.iterator();
    for (let next = iterator.next(); next && occurrences.length < 1000; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const end =
        component.hasProperty('dtend') || details.item.component.hasProperty('dtend') ? details.endDate : null;
      occurrences.push({
        start: details.startDate.toString().replace('T', ' '),
        end: end ? end.toString().replace('T', ' ') : null,
        startUtc: details.startDate.toJSDate().getTime(),
      });
    }
    const geo = component.getFirstPropertyValue('geo') as unknown as [number, number] | null;
    return {
      uid: event.uid,
      summary: event.summary,
      sequence: event.sequence,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      url: (component.getFirstPropertyValue('url') as string | null) ?? null,
      geo,
      tzid: event.startDate.zone?.tzid ?? null,
      occurrences,
      lines: {
        rrule: component.hasProperty('rrule'),
        rdate: component.hasProperty('rdate'),
        exdate: component.hasProperty('exdate'),
      },
    };
  });
  return {
    name: calendar.getFirstPropertyValue('name') as string | null,
    description: calendar.getFirstPropertyValue('x-wr-caldesc') as string | null,
    source: calendar.getFirstPropertyValue('source') as string | null,
    refresh: calendar.getFirstProperty('refresh-interval')?.toICALString() ?? null,
    zones: calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')),
    events,
    byUid: (uuid: string) => events.find((e) => e.uid === `${uuid}@evmap`),
  };
}

const ics = async (url: string, headers: Record<string, string> = {}) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return parseCalendar(res.body);
};
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const text = (value: unknown): string =>
  typeof value === 'object' && value !== null ? String((value as { '#text': unknown })['#text']) : String(value);

let jazz: Created;
let weekly: Created;
let irregular: Created;
let quebec: Created;
let englishless: Created;
let past: Created;
let far: Created;
let weeklyDates: Array<{ startDate: string; endDate: string }>;
let irregularDates: Array<{ startDate: string; endDate: string }>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  owner = await createUser(ctx, 'event-manager', { name: 'Les Productions du Parc' });
  other = await createUser(ctx, 'event-manager');
  admin = await createUser(ctx, 'admin');
  cultural = await categoryId(ctx, 'cultural');
  sport = await categoryId(ctx, 'sports-entertainment');
  jazz = await create(eventBody({ categoryId: cultural, titleFr: 'Soirée jazz', titleEn: 'Jazz night' }));
  // Every Tuesday at 19:30 for six weeks, the fourth removed: a rule with one exception.
  weeklyDates = [0, 1, 2, 4, 5].map((week) => {
    const startDate = dayAt(3 + week * 7, '19:30:00');
    return { startDate, endDate: plusMinutes(startDate, 120) };
  });
  weekly = await create(eventBody({ titleFr: 'Atelier hebdo', titleEn: 'Weekly workshop', dates: weeklyDates }));
  // No grid: listed dates (RDATE); the last one longer (an override).
  irregularDates = [
    { startDate: dayAt(2, '10:00:00'), endDate: dayAt(2, '12:00:00') },
    { startDate: dayAt(5, '14:00:00'), endDate: dayAt(5, '16:00:00') },
    { startDate: dayAt(11, '10:00:00'), endDate: dayAt(11, '18:00:00') },
  ];
  irregular = await create(eventBody({ titleFr: 'Marché irrégulier', titleEn: 'Odd market', dates: irregularDates }));
  quebec = await create(
    eventBody({ latitude: 46.8139, longitude: -71.208, city: 'Québec', categoryId: sport, titleFr: 'À Québec' }),
    other,
  );
  englishless = await create(eventBody({ titleFr: 'Seulement en français', titleEn: '', descriptionEn: '' }));
  past = await create(eventBody({ titleFr: 'Passé', dates: [{ startDate: wallClock(-30), endDate: wallClock(-28) }] }));
  far = await create(
    eventBody({ titleFr: 'Trop loin', dates: [{ startDate: dayAt(FEED_DAYS + 3, '19:00:00'), endDate: null }] }),
  );
});
afterAll(() => ctx.close());

describe('GET /public/feeds/events.ics', () => {
  it('answers a calendar of the next days, one VEVENT per event, read back by ical.js', async () => {
    const res = await get('/public/feeds/events.ics?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toMatch(/^"i[\w-]+"$/);
    expect(Date.parse(String(res.headers['last-modified']))).not.toBeNaN();
    const calendar = parseCalendar(res.body);
    expect(calendar.name).toBe('EventMap: events');
    expect(calendar.description).toBe(
      `The occurrences of the next ${FEED_DAYS} days, at most ${FEED_MAX_EVENTS} events, soonest first. Cancelled events stay ${FEED_CANCELLED_DAYS} days.`,
    );
    expect(calendar.source).toBe('http://localhost:3000/api/v1/public/feeds/events.ics?lang=en');
    expect(calendar.refresh).toBe('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(calendar.zones).toEqual([ZONE]);
    const uids = calendar.events.map((e) => e.uid);
    expect(new Set(uids).size).toBe(uids.length);
    for (const shown of [jazz, weekly, irregular, quebec, englishless])
      expect(calendar.byUid(shown.uuid)).toBeDefined();
    for (const hidden of [past, far]) expect(calendar.byUid(hidden.uuid)).toBeUndefined();
    const event = calendar.byUid(jazz.uuid)!;
    expect(event.summary).toBe('Jazz night');
    expect(event.status).toBe('CONFIRMED');
    expect(event.url).toBe(`http://localhost:3000/events/${jazz.handle}`);
    expect(event.geo).toEqual([45.4986, -73.5794]);
    expect(event.tzid).toBe(ZONE);
  });

  it('writes a weekly event as one RRULE with its missing date as an EXDATE, occurrences as stored', async () => {
    const event = (await ics('/public/feeds/events.ics')).byUid(weekly.uuid)!;
    expect(event.lines).toEqual({ rrule: true, rdate: false, exdate: true });
    expect(event.occurrences.map(({ start, end }) => ({ startDate: start, endDate: end }))).toEqual(weeklyDates);
    expect(event.occurrences.map((o) => o.startUtc)).toEqual(
      weeklyDates.map((d) => wallClockToInstant(d.startDate, ZONE).utcMs),
    );
  });

  it('writes irregular dates as RDATEs, a longer occurrence as an override', async () => {
    const event = (await ics('/public/feeds/events.ics')).byUid(irregular.uuid)!;
    expect(event.lines).toEqual({ rrule: false, rdate: true, exdate: false });
    expect(event.occurrences.map(({ start, end }) => ({ startDate: start, endDate: end }))).toEqual(irregularDates);
  });

  it('keeps the wall-clock time of a Montréal series across the daylight-saving change', async () => {
    // Sundays at 19:00 from the next one until two weeks past the next change of offset (March or November).
    const first = (() => {
      for (let days = 2; ; days++) {
        const day = dayAt(days, '19:00:00');
        if (new Date(`${day.slice(0, 10)}T12:00:00Z`).getUTCDay() === 0) return days;
      }
    })();
    const offset = (days: number) => zoneOffsetMinutes(wallClockToInstant(dayAt(days, '19:00:00'), ZONE).utcMs, ZONE);
    let weeks = 0;
    while (offset(first + weeks * 7) === offset(first)) weeks++;
    const dates = Array.from({ length: weeks + 3 }, (_, week) => ({
      startDate: dayAt(first + week * 7, '19:00:00'),
      endDate: dayAt(first + week * 7, '21:00:00'),
    }));
    const series = await create(eventBody({ titleFr: 'Ciné-club du dimanche', dates }));
    const event = (await ics('/public/feeds/events.ics')).byUid(series.uuid)!;
    expect(event.lines.rrule).toBe(true);
    expect(event.occurrences.map((o) => o.start)).toEqual(dates.map((d) => d.startDate));
    expect(event.occurrences.every((o) => o.start.endsWith(' 19:00:00'))).toBe(true);
    const utcHours = event.occurrences.map((o) => new Date(o.startUtc).getUTCHours());
    // The same 19:00 is another UTC hour after the change.
    expect(new Set(utcHours).size).toBe(2);
    expect(utcHours[weeks]).not.toBe(utcHours[weeks - 1]);
    expect(event.occurrences.map((o) => o.startUtc)).toEqual(
      dates.map((d) => wallClockToInstant(d.startDate, ZONE).utcMs),
    );
  });

  it('raises SEQUENCE on each change, and keeps deactivated and deleted events a while as cancelled', async () => {
    const changing = await create(eventBody({ titleFr: 'Change souvent', categoryId: cultural }));
    const before = (await ics('/public/feeds/events.ics')).byUid(changing.uuid)!;
    await adminUpdate(changing.id, eventBody({ titleFr: 'Changé', categoryId: cultural }));
    const updated = (await ics('/public/feeds/events.ics?lang=fr')).byUid(changing.uuid)!;
    expect(updated.summary).toBe('Changé');
    expect(updated.sequence).toBeGreaterThan(before.sequence);
    await adminUpdate(changing.id, eventBody({ titleFr: 'Changé', categoryId: cultural, active: false }));
    const deactivated = (await ics('/public/feeds/events.ics?lang=fr')).byUid(changing.uuid)!;
    expect(deactivated.status).toBe('CANCELLED');
    expect(deactivated.sequence).toBeGreaterThan(updated.sequence);

    const removed = await create(eventBody({ titleFr: 'Supprimé bientôt' }));
    const shown = (await ics('/public/feeds/events.ics')).byUid(removed.uuid)!;
    const deletion = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/connected/events/id/${removed.id}`,
      headers: authHeaders(ctx.app, owner),
    });
    expect(deletion.statusCode).toBe(204);
    const deleted = (await ics('/public/feeds/events.ics')).byUid(removed.uuid)!;
    expect(deleted.status).toBe('CANCELLED');
    expect(deleted.sequence).toBeGreaterThan(shown.sequence);

    // Past FEED_CANCELLED_DAYS, they leave the feed.
    await ctx.db.execute(
      sql`UPDATE events SET updated_at = now() - make_interval(days => ${FEED_CANCELLED_DAYS + 1}) WHERE id IN (${changing.id}, ${removed.id})`,
    );
    const later = await ics('/public/feeds/events.ics');
    expect(later.byUid(changing.uuid)).toBeUndefined();
    expect(later.byUid(removed.uuid)).toBeUndefined();
  });
});

describe('filters', () => {
  const uuidsOf = async (query: string) =>
    (await ics(`/public/feeds/events.ics?${query}`)).events.map((e) => e.uid.replace('@evmap', ''));

  it('by category, city (without case or accents), bounds and organiser', async () => {
    expect(await uuidsOf('category=sports-entertainment')).toEqual([quebec.uuid]);
    expect(await uuidsOf('category=cultural')).toContain(jazz.uuid);
    expect(await uuidsOf('category=cultural')).not.toContain(quebec.uuid);
    expect(await uuidsOf('city=QUEBEC')).toEqual([quebec.uuid]);
    expect(await uuidsOf(`city=${encodeURIComponent('québec')}`)).toEqual([quebec.uuid]);
    // west,south,east,north around Québec City, then around Montréal.
    expect(await uuidsOf('bounds=-71.5,46.6,-71.0,47.0')).toEqual([quebec.uuid]);
    const montreal = await uuidsOf('bounds=-74.0,45.3,-73.4,45.8');
    expect(montreal).toContain(jazz.uuid);
    expect(montreal).not.toContain(quebec.uuid);
    expect(await uuidsOf(`organiser=${other.id}`)).toEqual([quebec.uuid]);
    expect(await uuidsOf(`organiser=${other.id}&category=cultural`)).toEqual([]);
  });

  it('by words (either language, accents, the organiser) and accessibility attributes, as the map finds them', async () => {
    const troupe = await createUser(ctx, 'event-manager', { name: 'Compagnie des Signes' });
    const play = await create(
      eventBody({
        titleFr: 'Pièce de théâtre signée',
        titleEn: 'Signed theatre play',
        accessibility: { stepFree: 'yes', features: ['asl'] },
      }),
      troupe,
    );
    expect(await uuidsOf('q=theatre')).toEqual([play.uuid]);
    expect(await uuidsOf(`q=${encodeURIComponent('THÉÂTRE')}`)).toEqual([play.uuid]);
    expect(await uuidsOf('q=plays')).toEqual([play.uuid]);
    const jazzy = await uuidsOf('q=jazz');
    expect(jazzy).toContain(jazz.uuid);
    expect(jazzy).not.toContain(play.uuid);
    // By the organiser's name: its events, not the others'.
    expect(await uuidsOf('q=signes')).toEqual([play.uuid]);
    expect(await uuidsOf('access=asl')).toEqual([play.uuid]);
    expect(await uuidsOf('access=stepFree,asl&q=theatre&category=cultural')).toEqual([play.uuid]);
    expect(await uuidsOf('access=captioning')).toEqual([]);
    expect(await uuidsOf('q=jazz&access=asl')).toEqual([]);
    // An empty text filters nothing; the organisation's feed takes the same filters.
    expect(await uuidsOf('q=')).toContain(jazz.uuid);
    const own = await ics(`/public/organisations/${troupe.id}/feed.ics?q=jazz`);
    expect(own.events).toEqual([]);
    expect((await ics(`/public/organisations/${troupe.id}/feed.ics?access=asl`)).events.map((e) => e.summary)).toEqual([
      'Pièce de théâtre signée',
    ]);
  });

  it('refuses malformed filters with the catalogue message', async () => {
    for (const query of [
      'bounds=1,2,3',
      'bounds=-71,47,-72,46',
      'bounds=a,b,c,d',
      'category=unknown',
      'access=wheelchair',
      'access=asl,',
    ]) {
      const res = await get(`/public/feeds/events.ics?${query}`);
      expect(res.statusCode, query).toBe(400);
      const field = query.split('=')[0]!;
      expect(res.json(), query).toEqual({ errors: { [field]: `The field ${field} is not valid` } });
    }
    const lang = await get('/public/feeds/events.ics?lang=de');
    expect(lang.json()).toEqual({ errors: { lang: 'The enum field is not valid; valid values are: fr, en' } });
    const long = await get(`/public/feeds/events.ics?q=${'a'.repeat(101)}`, { 'accept-language': 'fr' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ errors: { q: 'Le champ doit être inférieur ou égal à 100' } });
    const unknown = await get('/public/feeds/events.ics?colour=red', { 'accept-language': 'fr' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ errors: { colour: "Le champ colour n'est pas attendu" } });
  });

  it('gives titles and descriptions in the language asked, English falling back to French', async () => {
    const english = await ics('/public/feeds/events.ics?lang=en');
    expect(english.byUid(jazz.uuid)!.summary).toBe('Jazz night');
    expect(english.byUid(englishless.uuid)!.summary).toBe('Seulement en français');
    const french = await ics('/public/feeds/events.ics?lang=fr');
    expect(french.byUid(jazz.uuid)!.summary).toBe('Soirée jazz');
    expect(french.name).toBe('EventMap\u202f: événements');
  });
});

describe('Atom, RSS and JSON Feed', () => {
  it('Atom: one entry per event, read back by an XML parser', async () => {
    const res = await get('/public/feeds/events.atom?lang=en&category=cultural');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = xml.parse(res.body).feed;
    expect(text(feed.title)).toBe('EventMap: events');
    expect(text(feed.subtitle)).toContain(`next ${FEED_DAYS} days, at most ${FEED_MAX_EVENTS} events`);
    const entries = asList<Record<string, unknown>>(feed.entry);
    const entry = entries.find((e) => text(e.id) === `urn:uuid:${jazz.uuid}`)!;
    expect(text(entry.title)).toBe('Jazz night');
    expect((entry.link as { '@href': string })['@href']).toBe(`http://localhost:3000/events/${jazz.handle}`);
    expect(entries.map((e) => text(e.id))).not.toContain(`urn:uuid:${quebec.uuid}`);
  });

  it('RSS: one item per event, French titles', async () => {
    const res = await get('/public/feeds/events.rss?lang=fr&city=Qu%C3%A9bec');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const channel = xml.parse(res.body).rss.channel;
    const items = asList<Record<string, unknown>>(channel.item);
    expect(items.map((i) => text(i.title))).toEqual(['À Québec']);
    expect(text(items[0]!.link)).toBe(`http://localhost:3000/events/${quebec.handle}`);
  });

  it('JSON Feed: items with their dates, zone and place', async () => {
    const res = await get(`/public/feeds/events.json?lang=en&bounds=-74.0,45.3,-73.4,45.8`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = JSON.parse(res.body);
    expect(feed.version).toBe('https://jsonfeed.org/version/1');
    expect(feed.description).toContain(`at most ${FEED_MAX_EVENTS} events`);
    const item = feed.items.find((i: { id: string }) => i.id === `urn:uuid:${weekly.uuid}`);
    expect(item.title).toBe('Weekly workshop');
    expect(item.url).toBe(`http://localhost:3000/events/${weekly.handle}`);
    expect(item._evmap).toEqual({
      cancelled: false,
      time_zone: ZONE,
      dates: weeklyDates,
      latitude: 45.4986,
      longitude: -73.5794,
    });
    expect(feed.items.map((i: { id: string }) => i.id)).not.toContain(`urn:uuid:${quebec.uuid}`);
  });
});

describe('every format', () => {
  /** The event uuids of a feed, read back by the format's own parser, and whether each is cancelled. */
  async function read(format: string, query: string): Promise<Map<string, boolean>> {
    const res = await get(`/public/feeds/events.${format}?${query}`);
    expect(res.statusCode, `${format}?${query}`).toBe(200);
    if (format === 'ics') {
      return new Map(
        parseCalendar(res.body).events.map((e) => [e.uid.replace('@evmap', ''), e.status === 'CANCELLED']),
      );
    }
    if (format === 'json') {
      const items = JSON.parse(res.body).items as Array<{ id: string; _evmap: { cancelled: boolean } }>;
      return new Map(items.map((i) => [i.id.replace('urn:uuid:', ''), i._evmap.cancelled]));
    }
    const parsed = xml.parse(res.body);
    const entries = asList<Record<string, unknown>>(format === 'atom' ? parsed.feed.entry : parsed.rss.channel.item);
    return new Map(
      entries.map((e) => [
        text(format === 'atom' ? e.id : e.guid).replace('urn:uuid:', ''),
        text(e.title).startsWith('Cancelled: '),
      ]),
    );
  }

  it('gives the same events for every filter in iCalendar, Atom, RSS and JSON Feed, cancelled ones marked', async () => {
    const cancelled = await create(eventBody({ titleFr: 'Annulé partout', titleEn: 'Cancelled everywhere' }), other);
    await adminUpdate(cancelled.id, {
      ...eventBody({ titleFr: 'Annulé partout' }),
      creatorId: other.id,
      active: false,
    });
    const queries = [
      'lang=en',
      'lang=en&category=sports-entertainment',
      'lang=en&city=quebec',
      'lang=en&bounds=-71.5,46.6,-71.0,47.0',
      `lang=en&organiser=${other.id}`,
    ];
    for (const query of queries) {
      const feeds = await Promise.all(['ics', 'atom', 'rss', 'json'].map((format) => read(format, query)));
      for (const feed of feeds.slice(1))
        expect([...feed.entries()].sort(), query).toEqual([...feeds[0]!.entries()].sort());
    }
    const byOrganiser = await read('json', `organiser=${other.id}`);
    expect([...byOrganiser.entries()].sort()).toEqual(
      [
        [quebec.uuid, false],
        [cancelled.uuid, true],
      ].sort(),
    );
  });
});

describe('caching', () => {
  it('answers 304 to a current ETag or date, 200 with a new ETag after a change', async () => {
    const first = await get(`/public/feeds/events.ics?organiser=${other.id}`);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    const again = await get(`/public/feeds/events.ics?organiser=${other.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const since = await get(`/public/feeds/events.ics?organiser=${other.id}`, { 'if-modified-since': lastModified });
    expect(since.statusCode).toBe(304);
    // Another format of the same filter has its own ETag.
    const atom = await get(`/public/feeds/events.atom?organiser=${other.id}`, { 'if-none-match': etag });
    expect(atom.statusCode).toBe(200);

    // A write elsewhere leaves the bytes, so the ETag, as they were.
    await create(eventBody({ titleFr: 'Ailleurs' }));
    const elsewhere = await get(`/public/feeds/events.ics?organiser=${other.id}`, { 'if-none-match': etag });
    expect(elsewhere.statusCode).toBe(304);

    await ctx.db.execute(sql`UPDATE events SET title_fr = 'À Québec, encore', updated_at = now() + interval '2 seconds'
      WHERE id = ${quebec.id}`);
    const changed = await get(`/public/feeds/events.ics?organiser=${other.id}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const after = await get(`/public/feeds/events.ics?organiser=${other.id}`, { 'if-modified-since': lastModified });
    expect(after.statusCode).toBe(200);
  });
});

describe('GET /public/organisations/{id}/feed.*', () => {
  it("answers the organisation's events, named after it", async () => {
    const calendar = await ics(`/public/organisations/${owner.id}/feed.ics?lang=en`);
    expect(calendar.name).toBe('EventMap: events of Les Productions du Parc');
    const uids = calendar.events.map((e) => e.uid);
    expect(uids).toContain(`${jazz.uuid}@evmap`);
    expect(uids).not.toContain(`${quebec.uuid}@evmap`);
    const json = await get(`/public/organisations/${owner.id}/feed.json?category=cultural`);
    expect(json.statusCode).toBe(200);
    expect(JSON.parse(json.body).items.map((i: { id: string }) => i.id)).toContain(`urn:uuid:${jazz.uuid}`);
  });

  it('answers 404 for an unknown organisation or a viewer, 410 for a removed one, in both languages', async () => {
    const viewer = await createUser(ctx, 'viewer');
    for (const id of [999_999, viewer.id, admin.id]) {
      const res = await get(`/public/organisations/${id}/feed.ics`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: { global: 'Not found' } });
    }
    const removed = await createUser(ctx, 'event-manager');
    await ctx.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${removed.id}`);
    for (const format of ['ics', 'atom', 'rss', 'json']) {
      const res = await get(`/public/organisations/${removed.id}/feed.${format}`, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ errors: { global: 'This organisation was removed: its feed no longer exists' } });
    }
    const french = await get(`/public/feeds/events.atom?organiser=${removed.id}`, { 'accept-language': 'fr' });
    expect(french.statusCode).toBe(410);
    expect(french.json()).toEqual({
      errors: { global: "Cette organisation a été retirée\u202f: son flux n'existe plus" },
    });
    expect((await get('/public/feeds/events.json?organiser=999999')).statusCode).toBe(404);
  });
});

describe('bounds', () => {
  it(`holds at most ${FEED_MAX_EVENTS} events, the soonest`, async () => {
    // Tomorrow evening, whatever the hour of the run (eventBody's default is 24 hours from now).
    const template = await create(
      eventBody({
        titleFr: 'Gabarit',
        city: 'Limiteville',
        dates: [{ startDate: dayAt(1, '20:00:00'), endDate: dayAt(1, '22:00:00') }],
      }),
    );
    const count = FEED_MAX_EVENTS + 5;
    await ctx.db.execute(sql`
      WITH copies AS (
        INSERT INTO events (handle, title_fr, city, state, latitude, longitude, time_zone, creator_id, category_id)
        SELECT 'limite-' || n, 'Limite ' || n, 'Limiteville', 'QC', 45.5, -73.6, ${ZONE}, ${owner.id}, ${cultural}
        FROM generate_series(1, ${count}) AS n
        RETURNING id, handle
      )
      INSERT INTO event_dates (event_id, start_date, end_date)
      SELECT id, (${dayAt(1, '08:00:00')}::timestamp + make_interval(mins => substring(handle from 8)::int)), NULL
      FROM copies`);
    const calendar = await ics('/public/feeds/events.ics?city=Limiteville');
    expect(calendar.events).toHaveLength(FEED_MAX_EVENTS);
    const starts = calendar.events.map((e) => e.occurrences[0]!.startUtc);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // The template (tomorrow evening) and the latest copies are the ones left out.
    expect(calendar.byUid(template.uuid)).toBeUndefined();
    expect(calendar.events.map((e) => e.summary)).toContain('Limite 1');
    expect(calendar.events.map((e) => e.summary)).not.toContain(`Limite ${count}`);
  });
});

describe('rate limit', () => {
  it(`answers 429 past ${FEED_RATE_LIMIT.limit} requests a minute from one address, 304s included`, async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const { etag } = (await get('/public/feeds/events.json')).headers;
    await ctx.db.execute(sql`INSERT INTO rate_limits (key, count, reset_at)
      VALUES ('feeds-ip:203.0.113.9', ${FEED_RATE_LIMIT.limit - 2}, ${Date.now() + 60_000})`);
    expect((await get('/public/feeds/events.json', headers)).statusCode).toBe(200);
    expect((await get('/public/feeds/events.json', { ...headers, 'if-none-match': String(etag) })).statusCode).toBe(
      304,
    );
    const limited = await get('/public/feeds/events.ics', headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: { global: 'Too many attempts. Please try again in 1 minute.' } });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    const french = await get(`/public/organisations/${owner.id}/feed.atom`, { ...headers, 'accept-language': 'fr' });
    expect(french.statusCode).toBe(429);
    expect(french.json()).toEqual({ errors: { global: 'Trop de tentatives. Veuillez réessayer dans 1 minute.' } });
    expect((await get('/public/feeds/events.json', { 'x-forwarded-for': '203.0.113.10' })).statusCode).toBe(200);
  });
});
