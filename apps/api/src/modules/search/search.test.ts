import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SEARCH_MAX_EXCLUDE, searchResponseSchema } from '@evmap/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let owner: UserRow;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'event-manager');
});
afterAll(() => ctx.close());

const MONTREAL = { northLat: 46, southLat: 45, eastLng: -73, westLng: -74 };
const tomorrow = () => wallClock(24).slice(0, 10);

const search = (body: Record<string, unknown>, lang = 'en', headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/events/search',
    headers: { 'accept-language': lang, ...headers },
    payload: body,
  });

async function create(overrides: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, owner),
    payload: eventBody(overrides),
  });
  expect(res.statusCode).toBe(200);
  return res.json().event as { id: number; uuid: string; titleEn: string };
}

describe('input', () => {
  it.each([
    ['en', 'The date is invalid; the format is YYYY-MM-DD'],
    ['fr', "La date n'est pas valide; le format est AAAA-MM-JJ"],
  ])('rejects a bad day (%s)', async (lang, message) => {
    for (const selectedDay of ['2024-13-01', '2024-02-30', 'tomorrow', '2024-1-1', 20240101]) {
      const res = await search({ mapBounds: MONTREAL, selectedDay }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { selectedDay: message } });
    }
    const missing = await search({ mapBounds: MONTREAL }, lang);
    expect(missing.json().errors.selectedDay).toBe(message);
  });

  it('names every bad bound, in both languages', async () => {
    const bad = { northLat: 91, southLat: -91, eastLng: 181, westLng: 'x' };
    const en = await search({ mapBounds: bad, selectedDay: tomorrow() });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      errors: {
        'mapBounds.northLat': 'Field must be lower or equal to 90',
        'mapBounds.southLat': 'Field must be greater or equal to -90',
        'mapBounds.eastLng': 'Field must be lower or equal to 180',
        'mapBounds.westLng': 'The field westLng must be of type number',
      },
    });
    const fr = await search({ mapBounds: bad, selectedDay: tomorrow() }, 'fr');
    expect(fr.json().errors['mapBounds.northLat']).toBe('Le champ doit être inférieur ou égal à 90');
    expect(fr.json().errors['mapBounds.westLng']).toBe('Le champ westLng doit être de type number');
  });

  it('rejects a south above the north and a west east of the east', async () => {
    const south = await search({ mapBounds: { ...MONTREAL, southLat: 47 }, selectedDay: tomorrow() }, 'fr');
    expect(south.statusCode).toBe(400);
    expect(south.json()).toEqual({ errors: { 'mapBounds.southLat': "Le champ southLat n'est pas valide" } });
    const west = await search({ mapBounds: { ...MONTREAL, westLng: -72 }, selectedDay: tomorrow() });
    expect(west.statusCode).toBe(400);
    expect(west.json()).toEqual({ errors: { 'mapBounds.westLng': 'The field westLng is not valid' } });
  });

  it('requires the bounds and bounds the excluded ids', async () => {
    const none = await search({ selectedDay: tomorrow() });
    expect(none.json()).toEqual({ errors: { mapBounds: 'The field mapBounds is required' } });
    const tooMany = Array.from({ length: SEARCH_MAX_EXCLUDE + 1 }, (_, i) => i + 1);
    const res = await search({ mapBounds: MONTREAL, selectedDay: tomorrow(), excludeIds: tooMany });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { excludeIds: `Field must be lower or equal to ${SEARCH_MAX_EXCLUDE}` } });
  });
});

describe('matching', () => {
  it('finds the events of the day inside the bounds, in the category, by id', async () => {
    const day = tomorrow();
    const jazz = await create({ titleFr: 'Jazz ici' });
    const sport = await create({ titleFr: 'Sport ici', categoryId: 5 });
    const toronto = await create({ titleFr: 'Ailleurs', latitude: 43.65, longitude: -79.38, state: 'ON' });
    const later = await create({
      titleFr: 'Plus tard',
      dates: [{ startDate: wallClock(24 * 3), endDate: wallClock(24 * 3 + 2) }],
    });

    const res = await search({ mapBounds: MONTREAL, selectedDay: day });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = searchResponseSchema.parse(res.json());
    expect(body.eventIds).toEqual([jazz.id, sport.id]);
    expect(body.events.map((e) => e.id)).toEqual([jazz.id, sport.id]);
    expect(body.capped).toBe(false);
    expect(body.events[0]).toMatchObject({ uuid: jazz.uuid, titleFr: 'Jazz ici', isPast: false });
    expect(body.events[0]).not.toHaveProperty('creator');

    const inCategory = (await search({ mapBounds: MONTREAL, selectedDay: day, categoryId: 5 })).json();
    expect(inCategory.eventIds).toEqual([sport.id]);
    const elsewhere = (
      await search({ mapBounds: { northLat: 44, southLat: 43, eastLng: -79, westLng: -80 }, selectedDay: day })
    ).json();
    expect(elsewhere.eventIds).toContain(toronto.id);
    expect(elsewhere.eventIds).not.toContain(jazz.id);
    const laterDay = wallClock(24 * 3).slice(0, 10);
    expect((await search({ mapBounds: MONTREAL, selectedDay: laterDay })).json().eventIds).toContain(later.id);
  });

  it('leaves out the excluded ids from the events, not from the ids', async () => {
    const day = tomorrow();
    const all = (await search({ mapBounds: MONTREAL, selectedDay: day })).json();
    const [first, ...rest] = all.eventIds as number[];
    const res = (await search({ mapBounds: MONTREAL, selectedDay: day, excludeIds: [first, 999_999] })).json();
    expect(res.eventIds).toEqual(all.eventIds);
    expect(res.events.map((e: { id: number }) => e.id)).toEqual(rest);
    expect(searchResponseSchema.safeParse(res).success).toBe(true);
  });

  it('sends a cached answer with its ETag, compressed when asked', async () => {
    const body = { mapBounds: MONTREAL, selectedDay: tomorrow() };
    const plain = await search(body);
    const again = await search(body);
    expect(again.headers.etag).toBe(plain.headers.etag);
    expect(again.body).toBe(plain.body);
    const br = await search(body, 'en', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gzip = await search({ ...body, excludeIds: [999_999] }, 'en', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')).eventIds).toEqual(plain.json().eventIds);
    const refused = await search(body, 'en', { 'accept-encoding': 'gzip;q=0, br;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('answers an empty result for an empty viewport', async () => {
    const res = await search({
      mapBounds: { northLat: 80, southLat: 79, eastLng: -100, westLng: -101 },
      selectedDay: tomorrow(),
    });
    expect(res.json()).toEqual({ events: [], eventIds: [], capped: false });
  });
});

describe('ping', () => {
  it('answers a constant body without the database', async () => {
    const res = await ctx.app.inject('/api/v1/public/ping');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
