/** Caps, statement timeouts and the gate: huge viewports answer capped results and never starve other routes. */
import { SEARCH_MAX_EVENTS, SEARCH_MAX_IDS } from '@evmap/contract/events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { refreshEventDays } from '../events/event-days.repository';
import { eventsChanged } from '../events/events.repository';

const DAY = '2035-06-15';
const COUNT = 6000;
const CANADA = { northLat: 84, southLat: 41, eastLng: -52, westLng: -141 };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx.execute<{ id: number }>(sql`
      WITH e AS (
        INSERT INTO events (handle, title_fr, category_id, latitude, longitude, state, time_zone, last_ends_at)
        SELECT 'bulk-' || g, 'Événement ' || g, 1 + g % 6, 43 + (g % 1000) / 100.0, -80 + (g % 997) / 40.0,
          'QC', 'America/Toronto', ${`${DAY} 21:00:00`}::timestamp
        FROM generate_series(1, ${COUNT}) g
        RETURNING id)
      INSERT INTO event_dates (event_id, start_date, end_date)
      SELECT id, ${`${DAY} 19:00:00`}::timestamp, ${`${DAY} 21:00:00`}::timestamp FROM e
      RETURNING event_id AS id`);
    await refreshEventDays(
      tx,
      inserted.rows.map((r) => r.id),
    );
    await eventsChanged(tx, { type: 'created', id: inserted.rows[0]!.id, uuid: '' });
  });
}, 60_000);
afterAll(() => ctx.close());

const search = (body: Record<string, unknown>, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/events/search',
    headers: { 'accept-language': lang },
    payload: { selectedDay: DAY, ...body },
  });

describe('caps', () => {
  it('answers a whole-country viewport capped, and the same bytes from the cache', async () => {
    const res = await search({ mapBounds: CANADA });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.capped).toBe(true);
    expect(body.eventIds).toHaveLength(SEARCH_MAX_IDS);
    expect(body.events).toHaveLength(SEARCH_MAX_EVENTS);
    expect(body.eventIds).toEqual([...body.eventIds].sort((x: number, y: number) => x - y));
    expect(body.events.map((e: { id: number }) => e.id)).toEqual(body.eventIds.slice(0, SEARCH_MAX_EVENTS));
    expect((await search({ mapBounds: CANADA })).body).toBe(res.body);
  });

  it('serves the next events after the excluded ones, and nothing past the id cap', async () => {
    const all = (await search({ mapBounds: CANADA })).json();
    const next = (await search({ mapBounds: CANADA, excludeIds: all.eventIds.slice(0, SEARCH_MAX_EVENTS) })).json();
    expect(next.events.map((e: { id: number }) => e.id)).toEqual(
      all.eventIds.slice(SEARCH_MAX_EVENTS, 2 * SEARCH_MAX_EVENTS),
    );
    expect(next.capped).toBe(true);
    const rest = (await search({ mapBounds: CANADA, excludeIds: all.eventIds })).json();
    expect(rest).toMatchObject({ events: [], capped: true });
    expect(rest.eventIds).toHaveLength(SEARCH_MAX_IDS);
  });

  it('is not capped when everything fits', async () => {
    const small = { northLat: 43.2, southLat: 43, eastLng: -79, westLng: -80 };
    const body = (await search({ mapBounds: small })).json();
    expect(body.capped).toBe(false);
    expect(body.eventIds.length).toBeGreaterThan(0);
    expect(body.events).toHaveLength(body.eventIds.length);
  });
});

describe('flood', () => {
  it('keeps /health answering while many huge uncached searches run', async () => {
    // Distinct bounds: nothing is cached, each one needs the database.
    let finished = 0;
    const flood = Array.from({ length: 24 }, (_, i) =>
      search({ mapBounds: { ...CANADA, southLat: 41 + i / 100 }, excludeIds: [i + 1] }).finally(() => {
        finished += 1;
      }),
    );
    const res = await ctx.app.inject('/api/v1/health');
    expect(res.statusCode).toBe(200);
    // /health did not wait for the searches: the gate keeps database connections for it.
    expect(finished).toBeLessThan(flood.length);
    const results = await Promise.all(flood);
    expect(results.every((r) => r.statusCode === 200 && r.json().capped === true)).toBe(true);
  });

  it.each([
    ['en', 'The search took too long. Zoom in on the map and try again.'],
    ['fr', 'La recherche a pris trop de temps. Rapprochez la carte et réessayez.'],
  ])('stops a search after its statement timeout and answers 503 (%s)', async (lang, message) => {
    const db = ctx.app.pool.options;
    const blocker = new pg.Client(db);
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE event_days IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      const blocked = search({ mapBounds: { ...CANADA, northLat: lang === 'en' ? 83 : 82 } }, lang);
      const health = await ctx.app.inject('/api/v1/health');
      expect(health.statusCode).toBe(200);
      const res = await blocked;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ errors: { global: message } });
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
    expect((await search({ mapBounds: CANADA })).statusCode).toBe(200);
  });
});
