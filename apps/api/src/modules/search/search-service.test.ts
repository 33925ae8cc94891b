/** The service directly: the safety-net refresh, a client that left, closing, the timeout; its snapshot. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import { inSnapshot } from './search.repository';
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

  it('answers 503 "searchTimeout" when its statement runs past the timeout, and its connection serves again', async () => {
    const slow = new SearchService(ctx.app.pool, ctx.app.storage, {
      ...DEFAULT_SEARCH_OPTIONS,
      statementTimeoutMs: 50,
    });
    // Another transaction holds event_days: the search's query waits for it, and the wait counts against its timeout.
    const locker = await ctx.app.pool.connect();
    await locker.query('BEGIN; LOCK TABLE event_days IN ACCESS EXCLUSIVE MODE');
    try {
      await expect(slow.search(input)).rejects.toMatchObject({
        statusCode: 503,
        fields: { global: { key: 'searchTimeout' } },
      });
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
    // The aborted transaction was rolled back: every connection of the pool is outside any transaction again.
    for (let i = 0; i < ctx.app.pool.totalCount; i++) {
      const { rows } = await ctx.app.pool.query('SELECT now() = statement_timestamp() AS outside');
      expect(rows[0].outside).toBe(true);
    }
    expect(await title(service(60_000))).toBe('Original');
  });
});

describe('inSnapshot', () => {
  it('reads in one read-only REPEATABLE READ snapshot with the timeout set, and returns its connection', async () => {
    const idle = ctx.app.pool.idleCount;
    const seen = await inSnapshot(ctx.app.pool, 1234, async (tx, stamp) => {
      const setting = await tx.execute<{ isolation: string; readOnly: string; timeout: string; version: string }>(sql`
        SELECT current_setting('transaction_isolation') AS isolation,
          current_setting('transaction_read_only') AS "readOnly", current_setting('statement_timeout') AS timeout,
          (SELECT value FROM app_meta WHERE key = 'events_version') AS version`);
      return { ...setting.rows[0], stamp };
    });
    expect(seen).toMatchObject({ isolation: 'repeatable read', readOnly: 'on', timeout: '1234ms' });
    expect(seen.stamp.version).toBe(BigInt(seen.version ?? '0'));
    await eventually(async () => expect(ctx.app.pool.idleCount).toBeGreaterThanOrEqual(Math.max(idle, 1)));
    // Outside it, the pool's own timeout is back.
    expect((await ctx.app.pool.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('15s');
  });

  it('rolls back and passes on the error of a failed read', async () => {
    await expect(inSnapshot(ctx.app.pool, 2000, async (tx) => tx.execute(sql`SELECT 1 / 0`))).rejects.toMatchObject({
      cause: { code: '22012' },
    });
    expect((await ctx.app.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });
});
