import { ADMIN_EVENT_SORT_FIELDS } from '@evmap/contract/events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import type { UserRow } from '../../plugins/auth';
import { listAdminEvents } from './admin-events.service';
import { AdminListCache } from './admin-list-cache';

// A search reads its matches once and takes the count and the page from them (adminSearchSql): it must
// order, page and count exactly as the whole list does, for every sort field.
let ctx: TestContext;
let admin: UserRow;
const marked: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
  const bodies: Array<[Record<string, unknown>, number, number, boolean]> = [
    [{ titleFr: 'Marqueur Bal', city: 'Montréal', dates: [{ startDate: '2030-05-02 10:00:00' }] }, 2, 5, true],
    [{ titleFr: 'Marqueur Atelier', city: 'Laval', state: 'QC' }, 0, 5, true],
    [{ titleFr: 'Marqueur Bal', city: null, state: 'ON', dates: [{ startDate: '2030-05-01 10:00:00' }] }, 2, 0, false],
    [{ titleFr: 'Autre chose', city: 'Gatineau' }, 9, 9, true],
    [{ titleFr: 'Concert marqueur', city: 'Laval', dates: [{ startDate: '2030-05-02 10:00:00' }] }, 1, 7, true],
    [{ titleFr: 'Marqueur Zoo', city: 'Québec', state: 'QC' }, 0, 0, false],
    [{ titleFr: 'Sans rapport', city: 'Laval' }, 0, 1, true],
    [{ titleFr: 'MARQUEUR bal', city: 'Montréal', dates: [{ startDate: '2030-04-30 10:00:00' }] }, 5, 5, true],
  ];
  for (const [body, signaled, views, active] of bodies) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/admin/events',
      headers: authHeaders(ctx.app, admin),
      payload: { ...body, active },
    });
    expect(res.statusCode).toBe(200);
    const id: number = res.json().event.id;
    if (String(body.titleFr).toLowerCase().includes('marqueur')) marked.push(id);
    await ctx.db.execute(sql`UPDATE events SET signaled_count = ${signaled}, view_count = ${views} WHERE id = ${id}`);
  }
});
afterAll(() => ctx.close());

const page = async (query: Record<string, string | number>) => {
  const res = await ctx.app.inject({
    url: '/api/v1/connected/admin/events',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: authHeaders(ctx.app, admin),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return { ids: body.events.map((e: { id: number }) => e.id) as number[], pagination: body.pagination };
};

describe('GET /connected/admin/events?search=…', () => {
  it('orders the matches as the whole list does, for every sort field and direction', async () => {
    for (const sortField of ADMIN_EVENT_SORT_FIELDS) {
      for (const sortDirection of ['asc', 'desc']) {
        const whole = (await page({ sortField, sortDirection, limit: 100 })).ids.filter((id) => marked.includes(id));
        const found = await page({ sortField, sortDirection, limit: 100, search: 'marqueur' });
        expect([sortField, sortDirection, found.ids]).toEqual([sortField, sortDirection, whole]);
        let paged: number[] = [];
        for (let n = 1; n <= 3; n++) {
          const part = await page({ sortField, sortDirection, limit: 2, page: n, search: 'MARQUEUR' });
          expect(part.pagination).toEqual({ page: n, limit: 2, totalCount: 6, totalPages: 3 });
          paged = [...paged, ...part.ids];
        }
        expect([sortField, sortDirection, paged]).toEqual([sortField, sortDirection, whole]);
      }
    }
  });

  it('answers an empty page past the end with the count', async () => {
    expect(await page({ search: 'marqueur', limit: 2, page: 4 })).toEqual({
      ids: [],
      pagination: { page: 4, limit: 2, totalCount: 6, totalPages: 3 },
    });
  });
});

describe('the cached ids of a search', () => {
  const create = async (titleFr: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/connected/admin/events',
        headers: authHeaders(ctx.app, admin),
        payload: { titleFr },
      })
    ).json().event as { id: number };
  const search = async (query: Record<string, string | number> = {}) => page({ search: 'cachetest', ...query });

  it('follow every write at once, on any page and in any order', async () => {
    const first = await create('Cachetest un');
    expect((await search()).ids).toEqual([first.id]);
    const second = await create('Cachetest deux');
    expect((await search()).ids).toEqual([second.id, first.id]);
    expect((await search({ limit: 1, page: 2 })).ids).toEqual([first.id]);
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/connected/admin/events/${first.id}`,
      headers: authHeaders(ctx.app, admin),
      payload: {
        titleFr: 'Autre titre',
        categoryId: 1,
        address: '1 rue X',
        dates: [{ startDate: '2030-05-02 10:00:00' }],
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await search()).toEqual({
      ids: [second.id],
      pagination: { page: 1, limit: 10, totalCount: 1, totalPages: 1 },
    });
    // The rows are read fresh: a count changed without the version (views) shows at once.
    await ctx.db.execute(sql`UPDATE events SET view_count = 42 WHERE id = ${second.id}`);
    const res = await ctx.app.inject({
      url: '/api/v1/connected/admin/events?search=cachetest',
      headers: authHeaders(ctx.app, admin),
    });
    expect(res.json().events[0].eventStatCount).toEqual({ viewCount: 42 });
  });

  it('see writes that bypass the version (seed and demo loaders) within a minute', async () => {
    const cache = new AdminListCache();
    const query = { search: 'bypass', page: 1, limit: 10, sortField: 'id' as const, sortDirection: 'desc' as const };
    const now = Date.now();
    expect((await listAdminEvents(ctx.app, cache, query, now)).totalCount).toBe(0);
    await ctx.db.execute(sql`INSERT INTO events (handle, title_fr, search_text) VALUES ('bypass', 'Bypass', 'bypass')`);
    expect((await listAdminEvents(ctx.app, cache, query, now + 1000)).totalCount).toBe(0);
    const later = await listAdminEvents(ctx.app, cache, query, now + AdminListCache.MAX_AGE_MS);
    expect([later.totalCount, later.rows.map((row) => row.titleFr)]).toEqual([1, ['Bypass']]);
  });

  it('and the count of the whole list follow every write, and bypasses within a minute', async () => {
    const total = async () => (await page({})).pagination.totalCount;
    const before = await total();
    await create('Encore un');
    expect(await total()).toBe(before + 1);
    const cache = new AdminListCache();
    const query = { search: '', page: 1, limit: 1, sortField: 'id' as const, sortDirection: 'desc' as const };
    const now = Date.now();
    const counted = (await listAdminEvents(ctx.app, cache, query, now)).totalCount;
    await ctx.db.execute(sql`INSERT INTO events (handle, title_fr) VALUES ('bypass-total', 'Bypass total')`);
    const cached = await listAdminEvents(ctx.app, cache, query, now + 1000);
    // The page is read fresh; only the count waits.
    expect([cached.totalCount, cached.rows[0]?.titleFr]).toEqual([counted, 'Bypass total']);
    expect((await listAdminEvents(ctx.app, cache, query, now + AdminListCache.MAX_AGE_MS)).totalCount).toBe(
      counted + 1,
    );
  });

  it('keep the newer list when a read of an older snapshot finishes last', () => {
    const cache = new AdminListCache();
    const newer = Int32Array.from([3, 2, 1]);
    cache.setSearch('jazz', '10', newer, 0);
    cache.setTotal('10', 3, 0);
    // The request that started before the write (version 9) answers after the one that started after it.
    cache.setSearch('jazz', '9', Int32Array.from([2, 1]), 1);
    cache.setTotal('9', 2, 1);
    expect([cache.getSearch('jazz', '10', 2), cache.getTotal('10', 2)]).toEqual([newer, 3]);
    cache.setSearch('jazz', '11', Int32Array.from([4]), 3);
    expect(cache.getSearch('jazz', '11', 4)).toEqual(Int32Array.from([4]));
  });

  it('stay within their bounds, dropping the least recently used', () => {
    const cache = new AdminListCache();
    const half = new Int32Array(AdminListCache.MAX_IDS / 2);
    cache.setSearch('a', '1', half, 0);
    cache.setSearch('b', '1', half, 0);
    expect(cache.getSearch('a', '1', 0)).toBe(half);
    cache.setSearch('c', '1', new Int32Array(10), 0);
    expect([cache.getSearch('a', '1', 0), cache.getSearch('b', '1', 0)]).toEqual([half, undefined]);
    expect(cache.getSearch('a', '2', 0)).toBeUndefined();
    cache.setSearch('huge', '1', new Int32Array(AdminListCache.MAX_IDS + 1), 0);
    expect(cache.getSearch('huge', '1', 0)).toBeUndefined();
  });
});
