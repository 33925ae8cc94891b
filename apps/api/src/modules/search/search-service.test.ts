/** The service directly: the safety-net refresh, a client that left, and closing. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import { DEFAULT_SEARCH_OPTIONS, type SearchInput, SearchService } from './search.service';

let ctx: TestContext;
let eventId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const owner = await createUser(ctx, 'event-manager');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, owner),
    payload: eventBody({ titleFr: 'Original' }),
  });
  eventId = res.json().event.id;
});
afterAll(() => ctx.close());

const input: SearchInput = {
  mapBounds: { northLat: 46, southLat: 45, eastLng: -73, westLng: -74 },
  selectedDay: wallClock(24).slice(0, 10),
  excludeIds: [],
  access: [],
};
const service = (ttlMs: number) =>
  new SearchService(ctx.app.pool, ctx.app.storage, { ...DEFAULT_SEARCH_OPTIONS, ttlMs });
const title = async (s: SearchService, extra: Partial<SearchInput> = {}) =>
  JSON.parse((await s.search({ ...input, ...extra })).body.toString()).events[0]?.titleFr;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Retries `check` for up to 3 s (the background refresh takes a moment on a loaded machine). */
async function eventually(check: () => Promise<void>) {
  for (let started = Date.now(); ; await sleep(20)) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > 3000) throw error;
    }
  }
}

describe('SearchService', () => {
  it('re-reads pieces older than ttlMs in the background, without making anyone wait', async () => {
    // A second of freshness: the reads below all happen well within it, even on a loaded machine (at 100 ms they
    // did not once, and a refresh had already run before the first read after expiry).
    const search = service(1000);
    expect(await title(search)).toBe('Original');
    expect(await title(search, { excludeIds: [999_999] })).toBe('Original');
    // A write that bypasses eventsChanged() (no version change): only the safety net can notice it.
    await ctx.db.execute(sql`UPDATE events SET title_fr = 'Contourné' WHERE id = ${eventId}`);
    expect(await title(search)).toBe('Original');
    await sleep(1100);
    // The first read after expiry does not wait for the database: the old bytes, while the refresh starts. (What
    // the next read gets depends on how fast the refresh is: not asserted.)
    expect(await title(search)).toBe('Original');
    await eventually(async () => expect(await title(search)).toBe('Contourné'));
    await eventually(async () => expect(await title(search, { excludeIds: [999_999] })).toBe('Contourné'));
    await ctx.db.execute(sql`UPDATE events SET title_fr = 'Original' WHERE id = ${eventId}`);
  });

  it('keeps the ETag and compressed copies when a refresh finds the same bytes', async () => {
    const search = service(50);
    const first = await search.search(input);
    const br = await first.encoded('br');
    await sleep(80);
    await search.search(input); // stale by age: served, refreshed in the background
    let again = await search.search(input);
    await eventually(async () => {
      again = await search.search(input);
      expect(again).not.toBe(first);
    });
    expect(again.etag).toBe(first.etag);
    expect(await again.encoded('br')).toBe(br);
  });

  it('does not run a search whose client left, nor any after close', async () => {
    const search = service(60_000);
    const other = { ...input, mapBounds: { ...input.mapBounds, northLat: 45.9 } };
    await expect(search.search(other, () => true)).rejects.toMatchObject({ statusCode: 503 });
    search.close();
    await expect(search.search(input)).rejects.toMatchObject({ statusCode: 503 });
  });
});
