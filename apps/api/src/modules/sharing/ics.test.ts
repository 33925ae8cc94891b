import { wallClockToIso } from '@evmap/contract/wall-clock';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody } from '../../../test/events';

const APP_URL = 'https://evmap.example';
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { APP_URL } });
  owner = await createUser(ctx, 'event-manager');
});
afterAll(() => ctx.close());

async function createEvent(overrides: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, owner),
    payload: eventBody(overrides),
  });
  expect(res.statusCode).toBe(200);
  return res.json().event as { id: number; uuid: string; handle: string };
}

const ics = (uuid: string, lang = 'en') =>
  ctx.app.inject({ url: `/api/v1/public/events/${uuid}/ics`, headers: { 'accept-language': lang } });

/** Unfolds (RFC 5545 3.1) and splits into [name with parameters, value] pairs. */
function parseIcs(body: string) {
  const physical = body.split('\r\n');
  expect(physical.at(-1)).toBe('');
  physical.pop();
  for (const line of physical) {
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/[\r\n]/);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) logical[logical.length - 1] += line.slice(1);
    else logical.push(line);
  }
  return logical.map((line) => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon), line.slice(colon + 1)] as [string, string];
  });
}

/** The VEVENT blocks as maps of name -> value. */
function vevents(lines: Array<[string, string]>) {
  const events: Array<Map<string, string>> = [];
  let current: Map<string, string> | undefined;
  for (const [name, value] of lines) {
    if (name === 'BEGIN' && value === 'VEVENT') current = new Map();
    else if (name === 'END' && value === 'VEVENT') {
      events.push(current!);
      current = undefined;
    } else current?.set(name, value);
  }
  return events;
}

/** The occurrences as ical.js expands them in the file's VTIMEZONE: [start, end] in UTC. */
function occurrences(body: string): Array<[string, string | null]> {
  const calendar = new ICAL.Component(ICAL.parse(body));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const components = calendar.getAllSubcomponents('vevent');
  const master = components.find((c) => !c.hasProperty('recurrence-id'))!;
  const event = new ICAL.Event(master);
  for (const exception of components.filter((c) => c.hasProperty('recurrence-id'))) event.relateException(exception);
  const found: Array<[string, string | null]> = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    const hasEnd = details.item.component.hasProperty('dtend');
    found.push([details.startDate.toJSDate().toISOString(), hasEnd ? details.endDate.toJSDate().toISOString() : null]);
  }
  return found;
}

const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

describe('zone offsets', () => {
  it('gives the offset of the zone in winter and summer, and across the changes', () => {
    expect(wallClockToIso('2031-01-15 18:00:00', 'America/Toronto')).toBe('2031-01-15T18:00:00-05:00');
    expect(wallClockToIso('2031-07-15 18:00:00', 'America/Toronto')).toBe('2031-07-15T18:00:00-04:00');
    // British Columbia keeps Pacific daylight time all year from November 2026 (tz database 2026c, in Node.js 24.21):
    // -08:00 in its last standard-time winter, -07:00 ever after.
    expect(wallClockToIso('2026-01-15 18:00:00', 'America/Vancouver')).toBe('2026-01-15T18:00:00-08:00');
    expect(wallClockToIso('2031-01-15 18:00:00', 'America/Vancouver')).toBe('2031-01-15T18:00:00-07:00');
    expect(wallClockToIso('2031-07-15 18:00:00', 'America/Vancouver')).toBe('2031-07-15T18:00:00-07:00');
    expect(wallClockToIso('2031-07-15 18:00:00', 'America/St_Johns')).toBe('2031-07-15T18:00:00-02:30');
    expect(wallClockToIso('2031-07-15 18:00:00', 'America/Regina')).toBe('2031-07-15T18:00:00-06:00');
    // 2031-03-09: 01:45 is still standard time, 03:00 already daylight time.
    expect(wallClockToIso('2031-03-09 01:45:00', 'America/Toronto')).toBe('2031-03-09T01:45:00-05:00');
    expect(wallClockToIso('2031-03-09 03:00:00', 'America/Toronto')).toBe('2031-03-09T03:00:00-04:00');
    // 2031-11-02: the repeated 01:30 is its first occurrence (daylight time).
    expect(wallClockToIso('2031-11-02 01:30:00', 'America/Toronto')).toBe('2031-11-02T01:30:00-04:00');
    expect(wallClockToIso('2031-11-02 02:30:00', 'America/Toronto')).toBe('2031-11-02T02:30:00-05:00');
  });
});

describe('GET /public/events/{uuid}/ics', () => {
  it("answers a calendar with one event for all its dates, in the event's zone", async () => {
    const toronto = await createEvent({
      titleFr: 'Fête; danse, et \\ barre oblique',
      titleEn: 'Party; dance, and \\ backslash',
      descriptionFr: `Première ligne\nDeuxième ligne ${'très longue '.repeat(12)}`,
      dates: [
        { startDate: '2031-01-15 18:00:00', endDate: '2031-01-15 21:30:00' },
        { startDate: '2031-07-15 18:00:00', endDate: '2031-07-16 01:00:00' },
        { startDate: '2031-08-01 10:00:00' },
      ],
    });
    const res = await ics(toronto.uuid, 'fr');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${toronto.handle}.ics"`);
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const lines = parseIcs(res.body);
    const calendar = new Map(lines.filter(([name]) => !['BEGIN', 'END'].includes(name)).slice(0, 5));
    expect(calendar.get('VERSION')).toBe('2.0');
    expect(calendar.get('PRODID')).toBe('-//EventMap//EventMap//EN');
    expect(lines.at(-1)).toEqual(['END', 'VCALENDAR']);

    const events = vevents(lines);
    // One event for all the dates, in the event's zone (its VTIMEZONE in the file); the dates whose length differs
    // from the first one's are overrides of their occurrence (RECURRENCE-ID), under the same UID.
    expect(events).toHaveLength(3);
    expect(events.map((e) => e.get('UID'))).toEqual(Array(3).fill(`${toronto.uuid}@evmap`));
    expect(events.map((e) => e.get('RECURRENCE-ID;TZID=America/Toronto'))).toEqual([
      undefined,
      '20310715T180000',
      '20310801T100000',
    ]);
    const first = events[0]!;
    expect(first.get('UID')).toBe(`${toronto.uuid}@evmap`);
    expect(first.get('DTSTART;TZID=America/Toronto')).toBe('20310115T180000');
    expect(first.get('RDATE;TZID=America/Toronto')).toBe('20310115T180000,20310715T180000,20310801T100000');
    expect(first.get('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(first.get('SEQUENCE')).toBe('0');
    expect(first.get('SUMMARY')).toBe('Fête\\; danse\\, et \\\\ barre oblique');
    expect(unescapeText(first.get('SUMMARY')!)).toBe('Fête; danse, et \\ barre oblique');
    expect(unescapeText(first.get('DESCRIPTION')!)).toBe(
      `Première ligne\nDeuxième ligne ${'très longue '.repeat(12).trim()}\n\n${APP_URL}/events/${toronto.handle}`,
    );
    expect(unescapeText(first.get('LOCATION')!)).toBe('1260 Rue Sherbrooke O, Montréal, QC H3G 1H2');
    expect(first.get('GEO')).toBe('45.4986;-73.5794');
    expect(first.get('URL;VALUE=URI')).toBe(`${APP_URL}/events/${toronto.handle}`);
    // Read back by ical.js: the occurrences, their instants (UTC) and lengths.
    expect(occurrences(res.body)).toEqual([
      ['2031-01-15T23:00:00.000Z', '2031-01-16T02:30:00.000Z'],
      ['2031-07-15T22:00:00.000Z', '2031-07-16T05:00:00.000Z'],
      ['2031-08-01T14:00:00.000Z', null],
    ]);

    const english = vevents(parseIcs((await ics(toronto.uuid, 'en')).body));
    expect(unescapeText(english[0]!.get('SUMMARY')!)).toBe('Party; dance, and \\ backslash');
  });

  it("uses British Columbia's permanent Pacific time for an event there (UTC-7 all year from November 2026)", async () => {
    const vancouver = await createEvent({
      state: 'BC',
      city: 'Vancouver',
      dates: [
        { startDate: '2031-01-15 18:00:00', endDate: '2031-01-15 20:00:00' },
        { startDate: '2031-07-15 18:00:00', endDate: '2031-07-15 20:00:00' },
      ],
    });
    expect(occurrences((await ics(vancouver.uuid)).body)).toEqual([
      ['2031-01-16T01:00:00.000Z', '2031-01-16T03:00:00.000Z'],
      ['2031-07-16T01:00:00.000Z', '2031-07-16T03:00:00.000Z'],
    ]);
  });

  it('answers 404 for unknown, malformed, inactive and deleted events', async () => {
    const inactive = await createEvent({ titleFr: 'Inactif' });
    const deleted = await createEvent({ titleFr: 'Supprimé' });
    await ctx.db.execute(sql`UPDATE events SET active = false WHERE id = ${inactive.id}`);
    await ctx.db.execute(sql`UPDATE events SET deleted_at = now() WHERE id = ${deleted.id}`);
    for (const uuid of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', inactive.uuid, deleted.uuid]) {
      const res = await ics(uuid, 'fr');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: { global: 'Introuvable' } });
    }
    // No dates, nothing to put in a calendar (RFC 5545 needs one component).
    const undated = await createEvent({ titleFr: 'Sans date', dates: [] });
    expect((await ics(undated.uuid)).statusCode).toBe(404);
    // A handle is not accepted here: the calendar link carries the uuid.
    expect((await ics(inactive.handle)).statusCode).toBe(404);
  });
});
