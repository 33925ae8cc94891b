/**
 * The text search and "now" (issue 24) against PostgreSQL, as a client sees them: POST /public/events/search with
 * `text` and `selectedDay: 'now'`, GET /public/events/markers with `q` and `day=now`.
 */
import { decodeMarkers, tilesCovering } from '@evmap/contract/markers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { categoryId, eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';
import { refreshEventDays } from '../events/event-days.repository';
import { eventsChanged } from '../events/events.repository';

let ctx: TestContext;
let owner: UserRow;
let producer: UserRow;
let cultural: number;
let sport: number;

const MONTREAL = { northLat: 46, southLat: 45, eastLng: -73, westLng: -74 };
const QUEBEC = { northLat: 47, southLat: 46.5, eastLng: -71, westLng: -71.5 };
const CANADA = { northLat: 60, southLat: 42, eastLng: -52, westLng: -141 };
const day = wallClock(24).slice(0, 10);
const later = wallClock(24 * 3).slice(0, 10);
const PLACE = { latitude: 45.4986, longitude: -73.5794 };
const VANCOUVER = {
  latitude: 49.2827,
  longitude: -123.1207,
  address: '750 Hornby St',
  city: 'Vancouver',
  zipcode: 'V6Z 2H7',
  state: 'BC',
};

type Found = { events: Array<{ id: number; titleFr: string }>; eventIds: number[]; capped: boolean };

async function create(overrides: Record<string, unknown>, user = owner): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, user),
    payload: eventBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event.id;
}

const search = (body: Record<string, unknown>, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/events/search',
    headers: { 'accept-language': lang },
    payload: body,
  });

async function ids(body: Record<string, unknown>): Promise<number[]> {
  const res = await search({ mapBounds: MONTREAL, selectedDay: day, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Found).eventIds;
}

const markers = (query: Record<string, string | number>, lang = 'en') =>
  ctx.app.inject({
    url: `/api/v1/public/events/markers?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    headers: { 'accept-language': lang },
  });

const tile = tilesCovering(
  { north: PLACE.latitude, south: PLACE.latitude, west: PLACE.longitude, east: PLACE.longitude },
  11,
)[0]!;

let theatre: number;
let concerts: number;
let tales: number;
let byProducer: number;
let longueuil: number;
let sportTheatre: number;
let mention: number;
let quebec: number;
let theatreLater: number;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'event-manager', { name: 'Organisation ordinaire' });
  producer = await createUser(ctx, 'event-manager', { name: 'Les Productions Zéphyr' });
  cultural = await categoryId(ctx, 'cultural');
  sport = await categoryId(ctx, 'sports-entertainment');
  const plain = { ...PLACE, categoryId: cultural, descriptionFr: 'Une sortie.', descriptionEn: null };
  theatre = await create({ ...plain, titleFr: 'Festival de théâtre', titleEn: 'Theatre festival' });
  concerts = await create({ ...plain, titleFr: 'Concerts au parc', titleEn: '' });
  tales = await create({
    ...plain,
    titleFr: 'Soirée du mardi',
    titleEn: 'Tuesday evening',
    descriptionFr: '<p>Des <strong>contes</strong> près du lac aux Castors.</p>',
  });
  byProducer = await create({ ...plain, titleFr: 'Grand spectacle', titleEn: 'Big show' }, producer);
  longueuil = await create({
    ...plain,
    titleFr: 'Vente de garage',
    titleEn: 'Garage sale',
    latitude: 45.5312,
    longitude: -73.5181,
    address: '100 Rue Saint-Charles O',
    city: 'Longueuil',
    zipcode: 'J4H 1C8',
  });
  sportTheatre = await create({ ...plain, categoryId: sport, titleFr: 'Théâtre sportif', titleEn: '' });
  mention = await create({
    ...plain,
    titleFr: 'Pique-nique',
    titleEn: 'Picnic',
    descriptionFr: 'Après le pique-nique, une pièce de théâtre pour enfants.',
  });
  quebec = await create({
    ...plain,
    titleFr: 'Théâtre du Trident',
    latitude: 46.8108,
    longitude: -71.2152,
    address: '269 Boulevard René-Lévesque E',
    city: 'Québec',
    zipcode: 'G1R 2B3',
  });
  theatreLater = await create({
    ...plain,
    titleFr: 'Théâtre plus tard',
    dates: [{ startDate: wallClock(24 * 3), endDate: wallClock(24 * 3 + 2) }],
  });
});
afterAll(() => ctx.close());

describe('text search (POST /public/events/search, `text`)', () => {
  it('finds a word in French or English, with or without accents, in any case', async () => {
    for (const text of ['théâtre', 'theatre', 'THÉÂTRE', 'Théatre', 'theatres', 'théâtres']) {
      const found = await ids({ text });
      expect([text, found.includes(theatre)]).toEqual([text, true]);
      expect([text, found.includes(concerts)]).toEqual([text, false]);
    }
  });

  it("stems each language's word endings", async () => {
    expect(await ids({ text: 'concert' })).toEqual([concerts]);
    expect(await ids({ text: 'parcs' })).toEqual([concerts]);
    expect(await ids({ text: 'festivals' })).toEqual([theatre]);
  });

  it('matches the description (tags ignored), the organiser and the place', async () => {
    expect(await ids({ text: 'contes' })).toEqual([tales]);
    expect(await ids({ text: 'castors' })).toEqual([tales]);
    expect(await ids({ text: 'strong' })).toEqual([]);
    expect(await ids({ text: 'zephyr' })).toEqual([byProducer]);
    expect(await ids({ text: 'Productions Zéphyr' })).toEqual([byProducer]);
    expect(await ids({ text: 'longueuil' })).toEqual([longueuil]);
    expect(await ids({ text: 'saint-charles' })).toEqual([longueuil]);
  });

  it('ranks by relevance: a title before a mention in a description', async () => {
    const found = await ids({ text: 'théâtre' });
    expect(found).toContain(mention);
    expect(found.indexOf(theatre)).toBeLessThan(found.indexOf(mention));
    const res = await search({ mapBounds: MONTREAL, selectedDay: day, text: 'théâtre' });
    const answer = res.json() as Found;
    // The full events come in the same order as the ids.
    expect(answer.events.map((e) => e.id)).toEqual(answer.eventIds);
  });

  it('combines with the day, the category and the bounds', async () => {
    expect(await ids({ text: 'théâtre', categoryId: sport })).toEqual([sportTheatre]);
    expect(await ids({ text: 'théâtre' })).not.toContain(quebec);
    expect(await ids({ text: 'théâtre', mapBounds: QUEBEC })).toEqual([quebec]);
    expect(await ids({ text: 'théâtre' })).not.toContain(theatreLater);
    expect(await ids({ text: 'théâtre', selectedDay: later })).toEqual([theatreLater]);
    // excludeIds pages the full events through the ranked list (eventIds stays the whole list).
    const all = await ids({ text: 'théâtre' });
    const next = await search({ mapBounds: MONTREAL, selectedDay: day, text: 'théâtre', excludeIds: [all[0]!] });
    expect((next.json() as Found).events.map((e) => e.id)).toEqual(all.slice(1));
    expect((next.json() as Found).eventIds).toEqual(all);
  });

  it('without text, or with an empty one, answers as before (older clients)', async () => {
    const before = await ids({});
    expect(before).toEqual([...before].sort((a, b) => a - b));
    expect(before).toEqual(
      expect.arrayContaining([theatre, concerts, tales, byProducer, longueuil, sportTheatre, mention]),
    );
    expect(await ids({ text: '' })).toEqual(before);
    expect(await ids({ text: '   ' })).toEqual(before);
  });

  it("follows an organiser's new business name, cached answers included", async () => {
    expect(await ids({ text: 'zephyr' })).toEqual([byProducer]);
    expect(await ids({ text: 'aurore' })).toEqual([]);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/connected/me',
      headers: authHeaders(ctx.app, producer),
      payload: { name: 'Compagnie Aurore' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ids({ text: 'aurore' })).toEqual([byProducer]);
    expect(await ids({ text: 'zephyr' })).toEqual([]);
  });

  it('follows an event write', async () => {
    expect(await ids({ text: 'marionnettes' })).toEqual([]);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/connected/events/${concerts}`,
      headers: authHeaders(ctx.app, owner),
      payload: eventBody({
        ...PLACE,
        categoryId: cultural,
        titleFr: 'Marionnettes au parc',
        titleEn: '',
        descriptionFr: 'Une sortie.',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ids({ text: 'marionnette' })).toEqual([concerts]);
    expect(await ids({ text: 'concert' })).toEqual([]);
  });

  it.each([
    ['only punctuation', '!!! ??? ::: &|()'],
    ['SQL', "'; DROP TABLE events; --"],
    ['search operators', '"théâtre -festival OR'],
    ['tsquery syntax', "theatre:* & !(a | b) <-> 'x'"],
    ['stop words only', 'le la les the of'],
    ['control characters', 'thé\u0007âtre\u001f'],
    ['a lone surrogate', 'th\ud800eatre'],
    ['100 characters', 'é'.repeat(100)],
  ])('answers 200 to odd text (%s)', async (_name, text) => {
    const res = await search({ mapBounds: MONTREAL, selectedDay: day, text });
    expect(res.statusCode, res.body).toBe(200);
    expect(Array.isArray(res.json().eventIds)).toBe(true);
  });

  it.each([
    ['en', 'Field must be lower or equal to 100'],
    ['fr', 'Le champ doit être inférieur ou égal à 100'],
  ])('refuses a text longer than 100 characters (%s)', async (lang, message) => {
    const res = await search({ mapBounds: MONTREAL, selectedDay: day, text: 'a'.repeat(101) }, lang);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { text: message } });
    // NUL, which PostgreSQL cannot take, is refused before the schema (plugins/text-input.ts).
    const nul = await search({ mapBounds: MONTREAL, selectedDay: day, text: 'thé\u0000âtre' }, lang);
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json().errors)).toEqual(['text']);
    const wrongType = await search({ mapBounds: MONTREAL, selectedDay: day, text: 12 }, lang);
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().errors)).toEqual(['text']);
  });
});

describe('text on the markers (GET /public/events/markers, `q`)', () => {
  const here = (extra: Record<string, string | number> = {}) => ({ day, z: tile.z, x: tile.x, y: tile.y, ...extra });

  it('keeps the markers the text finds, in id order', async () => {
    const res = await markers(here({ q: 'théâtre' }));
    expect(res.statusCode).toBe(200);
    const found = decodeMarkers(res.json()).map((m) => m.id);
    expect(found).toEqual([theatre, sportTheatre, mention].sort((a, b) => a - b));
    const withCategory = decodeMarkers((await markers(here({ q: 'theatre', category: sport }))).json());
    expect(withCategory.map((m) => m.id)).toEqual([sportTheatre]);
  });

  it('keys the caches on the text: a different text, a different answer and ETag', async () => {
    const all = await markers(here());
    const empty = await markers(here({ q: '' }));
    expect(empty.headers.etag).toBe(all.headers.etag);
    const some = await markers(here({ q: 'trident' }));
    expect(some.headers.etag).not.toBe(all.headers.etag);
    expect(decodeMarkers(some.json()).map((m) => m.id)).toEqual([]);
    expect(decodeMarkers((await markers(here({ q: 'contes' }))).json()).map((m) => m.id)).toEqual([tales]);
  });

  it.each([
    ['en', 'Field must be lower or equal to 100'],
    ['fr', 'Le champ doit être inférieur ou égal à 100'],
  ])('refuses a text longer than 100 characters (%s), and takes odd ones', async (lang, message) => {
    const res = await markers(here({ q: 'x'.repeat(101) }), lang);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { q: message } });
    for (const q of ["'); DELETE FROM events; --", '!!!', '"a" -b OR :*']) {
      expect((await markers(here({ q }), lang)).statusCode).toBe(200);
    }
  });
});

describe('"now" (selectedDay: now, day=now)', () => {
  /** Wall-clock times written as the app writes (event_days, version raised), relative to the database clock. */
  async function setDates(id: number, start: string, end: string | null): Promise<void> {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE event_dates t SET
          start_date = (now() AT TIME ZONE e.time_zone) + ${start}::interval,
          end_date = (now() AT TIME ZONE e.time_zone) + ${end}::interval
        FROM events e WHERE e.id = t.event_id AND t.event_id = ${id}`);
      await refreshEventDays(tx, [id]);
      await eventsChanged(tx, { type: 'updated', id, uuid: '' });
    });
  }

  let vancouverNow: number;
  let montrealNow: number;
  let vancouverSoon: number;
  let montrealSoonMoment: number;
  let vancouverLater: number;
  let montrealOver: number;
  let montrealMomentPast: number;

  beforeAll(async () => {
    const at = async (place: Record<string, unknown>, titleFr: string, start: string, end: string | null) => {
      const id = await create({ ...place, categoryId: cultural, titleFr, titleEn: '' });
      await setDates(id, start, end);
      return id;
    };
    const montreal = { ...PLACE };
    // In progress at the same instant in both zones (3 hours apart).
    vancouverNow = await at(VANCOUVER, 'Vancouver en cours', '-1 hour', '1 hour');
    montrealNow = await at(montreal, 'Montréal en cours', '-30 minutes', '2 hours');
    // Starting within three hours, in each one's own zone (one without an end: a moment).
    vancouverSoon = await at(VANCOUVER, 'Vancouver bientôt', '2 hours', '4 hours');
    montrealSoonMoment = await at(montreal, 'Montréal bientôt', '2 hours 30 minutes', null);
    // Read in the other zone, these two would be "now": later in Vancouver (Montréal's wall clock + 1 h), and over
    // in Montréal (Vancouver's wall clock + 1 h).
    vancouverLater = await at(VANCOUVER, 'Vancouver plus tard', '4 hours', '5 hours');
    montrealOver = await at(montreal, 'Montréal fini', '-2 hours', '-1 hour');
    montrealMomentPast = await at(montreal, 'Montréal moment passé', '-10 minutes', null);
  });

  it('answers the events in progress and those starting within 3 hours, each in its own zone', async () => {
    const res = await search({ mapBounds: CANADA, selectedDay: 'now' });
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json() as Found).eventIds;
    expect(found).toEqual([vancouverNow, montrealNow, vancouverSoon, montrealSoonMoment].sort((a, b) => a - b));
    for (const no of [vancouverLater, montrealOver, montrealMomentPast, theatre]) expect(found).not.toContain(no);
  });

  it('combines with the bounds and the text', async () => {
    const montreal = await search({ mapBounds: MONTREAL, selectedDay: 'now' });
    expect((montreal.json() as Found).eventIds).toEqual([montrealNow, montrealSoonMoment]);
    const text = await search({ mapBounds: CANADA, selectedDay: 'now', text: 'Vancouver' });
    expect((text.json() as Found).eventIds.sort((a, b) => a - b)).toEqual([vancouverNow, vancouverSoon]);
  });

  it('follows a write: an event that ends is no longer "now"', async () => {
    await setDates(montrealNow, '-2 hours', '-1 minute');
    const res = await search({ mapBounds: MONTREAL, selectedDay: 'now' });
    expect((res.json() as Found).eventIds).toEqual([montrealSoonMoment]);
    await setDates(montrealNow, '-30 minutes', '2 hours');
  });

  it('on the markers, kept briefly by browsers and CDNs', async () => {
    const res = await markers({ day: 'now', z: tile.z, x: tile.x, y: tile.y });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=15');
    expect(decodeMarkers(res.json()).map((m) => m.id)).toEqual([montrealNow, montrealSoonMoment]);
    const dated = await markers({ day, z: tile.z, x: tile.x, y: tile.y });
    expect(dated.headers['cache-control']).toMatch(/stale-while-revalidate/);
  });

  it.each([
    ['en', 'The date is invalid; the format is YYYY-MM-DD'],
    ['fr', "La date n'est pas valide; le format est AAAA-MM-JJ"],
  ])('still refuses other words for a day (%s)', async (lang, message) => {
    for (const selectedDay of ['NOW', 'today', 'now ']) {
      const res = await search({ mapBounds: MONTREAL, selectedDay }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { selectedDay: message } });
    }
    const bad = await markers({ day: 'maintenant', z: tile.z, x: tile.x, y: tile.y }, lang);
    expect(bad.json()).toEqual({ errors: { day: message } });
  });
});
