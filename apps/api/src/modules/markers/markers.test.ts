/** GET /public/events/markers against PostgreSQL: filters, tiles, languages, visibility, ETag and 304, bounds. */
import { decodeMarkers, tileBounds, tileHolds, tilesCovering } from '@evmap/contract/markers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { categoryId, DOWNTOWN_MONTREAL, eventBody, tileHolding, wallClock } from '../../../test/events';
import { uploads } from '../../db/schema';
import { addDays } from '../../demo/wall-clock';
import { recentLocalEventWrite } from '../../lib/local-event-writes';
import type { UserRow } from '../../plugins/auth';
import { findMarkers } from './markers.repository';
import { MarkersService } from './markers.service';

let ctx: TestContext;
let owner: UserRow;
let admin: UserRow;
let cultural: number;
let sport: number;
const day = wallClock(24).slice(0, 10);
const PLACE = DOWNTOWN_MONTREAL;
// The tile of zoom 11 holding PLACE (downtown Montréal); Québec City's is far from it.
const tile = tileHolding(PLACE);

type Created = { id: number; uuid: string; handle: string | null };
const create = async (body: Record<string, unknown>, user = owner): Promise<Created> => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: user.isAdmin ? '/api/v1/connected/admin/events' : '/api/v1/connected/events',
    headers: authHeaders(ctx.app, user),
    payload: user.isAdmin ? { ...body, creatorId: owner.id } : body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event;
};
const markers = (query: Record<string, string | number>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    url: `/api/v1/public/events/markers?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    headers,
  });
const here = (extra: Record<string, string | number> = {}) => ({ day, z: tile.z, x: tile.x, y: tile.y, ...extra });

let jazz: Created;
let match: Created;
let inactive: Created;
let deleted: Created;
let quebec: Created;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'event-manager');
  admin = await createUser(ctx, 'admin');
  cultural = await categoryId(ctx, 'cultural');
  sport = await categoryId(ctx, 'sports-entertainment');
  jazz = await create(eventBody({ ...PLACE, categoryId: cultural, titleFr: 'Soirée jazz', titleEn: 'Jazz night' }));
  match = await create(
    eventBody({ latitude: 45.5017, longitude: -73.5673, categoryId: sport, titleFr: 'Match au centre', titleEn: '' }),
  );
  inactive = await create(eventBody({ ...PLACE, titleFr: 'Désactivé', active: false }), admin);
  deleted = await create(eventBody({ ...PLACE, titleFr: 'Supprimé' }));
  const removal = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/connected/events/id/${deleted.id}`,
    headers: authHeaders(ctx.app, owner),
  });
  expect(removal.statusCode).toBe(204);
  quebec = await create(eventBody({ latitude: 46.8139, longitude: -71.208, titleFr: 'À Québec' }));
});
afterAll(() => ctx.close());

describe('GET /public/events/markers', () => {
  it('answers every visible marker of the day and tile, columnar, without an account', async () => {
    const res = await markers(here());
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.capped).toBe(false);
    const list = decodeMarkers(answer);
    expect(list.map((m) => m.id)).toEqual([jazz.id, match.id].sort((a, b) => a - b));
    const first = list.find((m) => m.id === jazz.id)!;
    expect(first).toEqual({
      id: jazz.id,
      latitude: PLACE.latitude,
      longitude: PLACE.longitude,
      categoryId: cultural,
      handle: jazz.handle ?? jazz.uuid,
      title: 'Soirée jazz',
      image: '',
      access: 0,
      // Its start on the day, in minutes after midnight at its place.
      start: Number(wallClock(24).slice(11, 13)) * 60 + Number(wallClock(24).slice(14, 16)),
    });
    // Inactive, deleted and far away events are not there.
    for (const hidden of [inactive, deleted, quebec]) expect(list.some((m) => m.id === hidden.id)).toBe(false);
  });

  it('titles the markers in the asked language, English falling back to French', async () => {
    const list = decodeMarkers((await markers(here({ lang: 'en' }))).json());
    expect(list.find((m) => m.id === jazz.id)?.title).toBe('Jazz night');
    expect(list.find((m) => m.id === match.id)?.title).toBe('Match au centre');
  });

  it("carries the cover at the marker's width (the closest stored one)", async () => {
    await ctx.db.insert(uploads).values([
      { userId: owner.id, folder: 'events', path: 'events/2031/01/cover', formats: [100, 124, 512] },
      { userId: owner.id, folder: 'events', path: 'events/2031/01/second', formats: [100, 124, 512] },
    ]);
    const covered = await create(
      eventBody({
        latitude: 45.5,
        longitude: -73.57,
        titleFr: 'Avec une image',
        images: [
          { imagePath: 'events/2031/01/second', orderIdx: 1 },
          { imagePath: 'events/2031/01/cover', orderIdx: 0 },
        ],
      }),
    );
    const list = decodeMarkers((await markers(here())).json());
    expect(list.find((m) => m.id === covered.id)?.image).toBe('/uploads/events/2031/01/cover/124.jpg');
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/connected/events/id/${covered.id}`,
      headers: authHeaders(ctx.app, owner),
    });
  });

  it('shows a new cover and a new title as soon as the event is saved (event_days keeps a copy of both)', async () => {
    await ctx.db.insert(uploads).values([
      { userId: owner.id, folder: 'events', path: 'events/2031/02/first', formats: [124] },
      { userId: owner.id, folder: 'events', path: 'events/2031/02/other', formats: [124] },
    ]);
    const body = { latitude: 45.501, longitude: -73.571, titleFr: 'Vernissage', titleEn: 'Opening' };
    const shown = await create(eventBody({ ...body, images: [{ imagePath: 'events/2031/02/first', orderIdx: 0 }] }));
    const before = decodeMarkers((await markers(here({ lang: 'en' }))).json()).find((m) => m.id === shown.id);
    expect(before).toMatchObject({ title: 'Opening', image: '/uploads/events/2031/02/first/124.jpg' });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/connected/events/${shown.id}`,
      headers: authHeaders(ctx.app, owner),
      payload: eventBody({
        ...body,
        titleEn: 'Grand opening',
        images: [{ imagePath: 'events/2031/02/other', orderIdx: 0 }],
      }),
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = decodeMarkers((await markers(here({ lang: 'en' }))).json()).find((m) => m.id === shown.id);
    expect(after).toMatchObject({ title: 'Grand opening', image: '/uploads/events/2031/02/other/124.jpg' });
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/connected/events/id/${shown.id}`,
      headers: authHeaders(ctx.app, owner),
    });
    expect(removal.statusCode).toBe(204);
  });

  it('fills what a marker shows into a row written without it (by the previous version, during an upgrade)', async () => {
    const saved = await ctx.app.pool.query(
      'SELECT day, title_fr, title_en, handle, start_minute FROM event_days WHERE event_id = $1 ORDER BY day',
      [jazz.id],
    );
    expect(saved.rows.length).toBeGreaterThan(0);
    expect(saved.rows[0]).toMatchObject({ title_fr: 'Soirée jazz', title_en: 'Jazz night', handle: jazz.handle });
    // The columns the previous version wrote, nothing else.
    await ctx.app.pool.query(
      `WITH old AS (DELETE FROM event_days WHERE event_id = $1 RETURNING *)
       INSERT INTO event_days (day, event_id, category_id, latitude, longitude, access, search_document, starts_at, ends_at)
       SELECT day, event_id, category_id, latitude, longitude, access, search_document, starts_at, ends_at FROM old`,
      [jazz.id],
    );
    const filled = await ctx.app.pool.query(
      'SELECT day, title_fr, title_en, handle, start_minute FROM event_days WHERE event_id = $1 ORDER BY day',
      [jazz.id],
    );
    expect(filled.rows).toEqual(saved.rows);
  });

  it('says when each event starts on the day, -1 for one that began the day before', async () => {
    // The day after `day` (tomorrow): every date below is in the future, whatever the hour of the run.
    const next = addDays(day, 1);
    const overnight = await create(
      eventBody({
        latitude: 45.49,
        longitude: -73.58,
        titleFr: 'Nuit blanche',
        dates: [{ startDate: `${day} 22:00:00`, endDate: `${next} 03:00:00` }],
      }),
    );
    const evening = await create(
      eventBody({
        latitude: 45.49,
        longitude: -73.58,
        titleFr: 'Deux fois',
        dates: [
          { startDate: `${next} 19:30:00`, endDate: `${next} 21:00:00` },
          { startDate: `${next} 09:15:00`, endDate: `${next} 11:00:00` },
        ],
      }),
    );
    const list = decodeMarkers((await markers(here({ day: next }))).json());
    expect(list.find((m) => m.id === overnight.id)?.start).toBe(-1);
    expect(list.find((m) => m.id === evening.id)?.start).toBe(9 * 60 + 15);
    for (const done of [overnight, evening]) {
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/connected/events/id/${done.id}`,
        headers: authHeaders(ctx.app, owner),
      });
    }
  });

  it('answers by id whatever order the index reads the rows in, and a capped tile by its first ids', async () => {
    // Sherbrooke's tile of zoom 11 cut in four of zoom 12: each event created in a quarter of a lower tile key than
    // the one before (keys interleave x and y, south and east higher), so the index reads them newest first.
    const far = tileHolding({ latitude: 45.4, longitude: -71.89 });
    const box = tileBounds(far.z, far.x, far.y);
    const at = (south: boolean, east: boolean) => ({
      latitude: south ? box.south + (box.north - box.south) / 4 : box.north - (box.north - box.south) / 4,
      longitude: east ? box.east - (box.east - box.west) / 4 : box.west + (box.east - box.west) / 4,
    });
    const southEast = await create(eventBody({ ...at(true, true), titleFr: 'Sud-est' }));
    const southWest = await create(eventBody({ ...at(true, false), titleFr: 'Sud-ouest' }));
    const northWest = await create(eventBody({ ...at(false, false), titleFr: 'Nord-ouest' }));
    const ids = [southEast.id, southWest.id, northWest.id];
    const answer = (await markers({ day, z: far.z, x: far.x, y: far.y })).json();
    expect(decodeMarkers(answer).map((m) => m.id)).toEqual(ids);
    // Coordinates in 1e-5 degrees, rounded to the nearest.
    expect(decodeMarkers(answer)[0]).toMatchObject({
      latitude: Math.round(at(true, true).latitude * 1e5) / 1e5,
      longitude: Math.round(at(true, true).longitude * 1e5) / 1e5,
    });
    // More rows than the answer holds: the first ones by id (read again in order), not the first the index meets.
    const query = { day, tile: far, categoryId: null, access: 0, lang: 'fr', text: null, titleMax: 40 } as const;
    const capped = await findMarkers(ctx.app.pool, { ...query, limit: 2 });
    expect(capped.map((row) => Number(row[0]))).toEqual(ids.slice(0, 2));
    const whole = await findMarkers(ctx.app.pool, { ...query, limit: 4 });
    expect(whole.map((row) => Number(row[0]))).toEqual(ids);
    for (const event of [southEast, southWest, northWest]) {
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/connected/events/id/${event.id}`,
        headers: authHeaders(ctx.app, owner),
      });
    }
  });

  it('filters by category and by day', async () => {
    expect(decodeMarkers((await markers(here({ category: sport }))).json()).map((m) => m.id)).toEqual([match.id]);
    const later = addDays(day, 40);
    expect(decodeMarkers((await markers(here({ day: later }))).json())).toEqual([]);
  });

  it('puts an event on a corner of tiles in the one tile the web app cuts for it, at every zoom', async () => {
    // The north-west corner of a tile of zoom 12 near Sherbrooke (no other event): four tiles meet there.
    const { x, y } = tileHolding({ latitude: 45.4, longitude: -71.9 }, 12);
    const corner = tileBounds(12, x, y);
    const onCorner = await create(eventBody({ latitude: corner.north, longitude: corner.west, titleFr: 'Au coin' }));
    const ids = async (z: number, tx: number, ty: number) =>
      decodeMarkers((await markers({ day, z, x: tx, y: ty })).json()).map((m) => m.id);
    // Tiles hold their west and north edges (tileHolds), from the zoom of the keys (12) to the finer ones.
    expect(tileHolds({ z: 12, x, y }, corner.north, corner.west)).toBe(true);
    expect(await ids(12, x, y)).toEqual([onCorner.id]);
    for (const [tx, ty] of [
      [x - 1, y],
      [x, y - 1],
      [x - 1, y - 1],
    ] as const) {
      expect(await ids(12, tx, ty)).toEqual([]);
    }
    expect(await ids(9, x >> 3, y >> 3)).toEqual([onCorner.id]);
    expect(await ids(14, x * 4, y * 4)).toEqual([onCorner.id]);
    expect(await ids(14, x * 4 + 1, y * 4)).toEqual([]);
    expect(await ids(14, x * 4 - 1, y * 4)).toEqual([]);
    // With a text, the tile's bounds, edges included (as the search's box).
    expect(decodeMarkers((await markers({ day, z: 12, x, y, q: 'coin' })).json()).map((m) => m.id)).toEqual([
      onCorner.id,
    ]);
  });

  it('lets browsers and CDNs keep the answer and revalidate it: 304 until a change touches the tile', async () => {
    const first = await markers(here());
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"m[\w-]+"$/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const again = await markers(here(), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A change elsewhere: the same bytes, the same ETag.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/connected/events/${quebec.id}`,
      headers: authHeaders(ctx.app, owner),
      payload: eventBody({ latitude: 46.8139, longitude: -71.208, titleFr: 'À Québec, changé' }),
    });
    expect((await markers(here(), { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    // A change in the tile: a new answer.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/connected/events/${jazz.id}`,
      headers: authHeaders(ctx.app, owner),
      payload: eventBody({ ...PLACE, categoryId: cultural, titleFr: 'Soirée jazz, deuxième', titleEn: 'Jazz night' }),
    });
    const changed = await markers(here(), { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(decodeMarkers(changed.json()).find((m) => m.id === jazz.id)?.title).toBe('Soirée jazz, deuxième');
  });

  it.each([
    [{ z: 2, x: 0, y: 0 }, 'z'],
    [{ z: 15 }, 'z'],
    [{ x: 2 ** 11 }, 'x'],
    [{ y: -1 }, 'y'],
    [{ day: '2026-02-30' }, 'day'],
    [{ category: 0 }, 'category'],
    [{ lang: 'de' }, 'lang'],
    [{ zoom: 3 }, 'zoom'],
  ])('refuses %o with a message on %s, in both languages', async (change, field) => {
    const en = await markers(here(change), { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(Object.keys(en.json().errors)).toEqual([field]);
    const fr = await markers(here(change), { 'accept-language': 'fr' });
    expect(fr.json().errors[field]).not.toBe(en.json().errors[field]);
  });
});

/** The app's pool, telling `seen` of each query whether it is a marker query (the others read the events version). */
function countingPool(seen: (marker: boolean) => void): typeof ctx.app.pool {
  return new Proxy(ctx.app.pool, {
    get(target, name, receiver) {
      if (name !== 'query') return Reflect.get(target, name, receiver);
      return (...args: unknown[]) => {
        seen(String((args[0] as { text?: string }).text).includes('FROM event_days'));
        return (target.query as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
}

describe('the marker cache', () => {
  it('drops exactly the answers a change touches: its day, in its tile', async () => {
    // A service of its own, over a database that counts the marker queries it runs.
    let queries = 0;
    const pool = countingPool((marker) => {
      if (marker) queries++;
    });
    const service = new MarkersService(pool, ctx.app.storage, ctx.app.eventChanges);
    const ask = (query: Record<string, string | number>) => service.markers({ lang: 'fr', ...here(query) } as never);
    const quebecTile = tilesCovering({ north: 46.8139, south: 46.8139, west: -71.208, east: -71.208 }, 11)[0]!;
    const later = addDays(day, 2);
    await ask({});
    await ask({ day: later });
    await ask({ ...quebecTile });
    expect(queries).toBe(3);
    await ask({});
    expect(queries).toBe(3);

    // A change in Québec City on `day`: only that tile's answer is read again.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/connected/events/${quebec.id}`,
      headers: authHeaders(ctx.app, owner),
      payload: eventBody({ latitude: 46.8139, longitude: -71.208, titleFr: 'À Québec, encore' }),
    });
    expect(put.statusCode).toBe(200);
    await ask({});
    await ask({ day: later });
    expect(queries).toBe(3);
    const moved = decodeMarkers(JSON.parse((await ask({ ...quebecTile })).body.toString()));
    expect(queries).toBe(4);
    expect(moved.find((m) => m.id === quebec.id)?.title).toBe('À Québec, encore');

    // The jazz night changes in Montréal: that tile's answer of `day` is read again, not the later day's.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/connected/events/${jazz.id}`,
      headers: authHeaders(ctx.app, owner),
      payload: eventBody({ ...PLACE, categoryId: cultural, titleFr: 'Soirée jazz, troisième', titleEn: 'Jazz night' }),
    });
    await ask({ day: later });
    expect(queries).toBe(4);
    const here1 = decodeMarkers(JSON.parse((await ask({})).body.toString()));
    expect(queries).toBe(5);
    expect(here1.find((m) => m.id === jazz.id)?.title).toBe('Soirée jazz, troisième');
    service.close();
  });
  it('answers from the cache, 304s included, without any database query while no event changed', async () => {
    // The version reads (the marker queries of the same pool are not counted).
    let stampReads = 0;
    const pool = countingPool((marker) => {
      if (!marker) stampReads++;
    });
    let heard = 0;
    const changes = {
      get connected() {
        return ctx.app.eventChanges.connected;
      },
      subscribe: (fn: () => void) =>
        ctx.app.eventChanges.subscribe(() => {
          heard++;
          fn();
        }),
    };
    const service = new MarkersService(pool, ctx.app.storage, changes);
    const ask = () => service.markers({ lang: 'fr', ...here() } as never);
    expect(ctx.app.eventChanges.connected).toBe(true);
    // Right after a write of this process the version is read anyway (read-your-writes): past that moment.
    const pastLocalWrites = () => vi.waitFor(() => expect(recentLocalEventWrite()).toBe(false), { timeout: 5000 });
    await pastLocalWrites();
    const first = await ask();
    const before = stampReads;
    expect(before).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect((await ask()).etag).toBe(first.etag);
    expect(stampReads).toBe(before);
    // An answer not cached yet (another day) costs its marker query alone, and is then kept. Two days on: the jazz
    // night (24 to 26 hours from the start of the run) may reach into the day after `day` when run late in the evening.
    const later = addDays(day, 2);
    const askLater = () => service.markers({ lang: 'fr', ...here({ day: later }) } as never);
    const laterFirst = await askLater();
    // The same answer, from the cache.
    expect(await askLater()).toBe(laterFirst);
    expect(stampReads).toBe(before);

    // A write anywhere: its notification makes the next request read the version again (and the answer, touched).
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/connected/events/${jazz.id}`,
      headers: authHeaders(ctx.app, owner),
      payload: eventBody({ ...PLACE, categoryId: cultural, titleFr: 'Soirée jazz, quatrième', titleEn: 'Jazz night' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    // Right after its own write, this process reads the version (it need not wait for the notification).
    expect(recentLocalEventWrite()).toBe(true);
    await vi.waitFor(() => expect(heard).toBeGreaterThan(0));
    const changed = await ask();
    expect(stampReads).toBe(before + 1);
    expect(changed.etag).not.toBe(first.etag);
    // Quiet again once every notification is covered and the write's grace has passed.
    await pastLocalWrites();
    await ask();
    await ask();
    // The answer of the other day, read while quiet, is not touched by the change: still the cached one.
    expect(await askLater()).toBe(laterFirst);
    expect(stampReads).toBe(before + 1);
    service.close();
  });
});
