import { ADMIN_EVENT_SORT_FIELDS } from '@evmap/contract/events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let admin: UserRow;
let keeper: UserRow;
/** Ids by letter: A…F in creation order; F is deleted. */
const ids: Record<string, number> = {};
const letterOf = (id: number) => Object.keys(ids).find((letter) => ids[letter] === id);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
  const manager = await createUser(ctx, 'event-manager');
  keeper = await createUser(ctx, 'event-manager', { email: 'zoo-keeper@example.org' });
  const rows: Array<[string, Record<string, unknown>, number, number]> = [
    ['A', { titleFr: 'Fête de la musique', city: 'Montréal', creatorId: manager.id }, 2, 10],
    ['B', { titleFr: 'Marché Jean-Talon', city: 'Montreal', address: '7070 Av. Henri-Julien' }, 2, 3],
    ['C', { titleFr: 'Festival 100% local', titleEn: 'Local festival', city: 'Québec' }, 0, 3],
    ['D', { titleFr: 'Course_relais', city: 'Toronto', state: 'ON' }, 5, 0],
    ['E', { titleFr: 'Zoo nocturne', creatorId: keeper.id }, 0, 1],
    ['F', { titleFr: 'Vente de garage', city: 'Laval' }, 1, 7],
  ];
  for (const [letter, body, signaled, views] of rows) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/admin/events',
      headers: authHeaders(ctx.app, admin),
      payload: body,
    });
    const id: number = res.json().event.id;
    ids[letter] = id;
    await ctx.db.execute(sql`UPDATE events SET signaled_count = ${signaled}, view_count = ${views} WHERE id = ${id}`);
  }
  await ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/connected/admin/events/id/${ids.F}`,
    headers: authHeaders(ctx.app, admin),
  });
});
afterAll(() => ctx.close());

const list = (query: Record<string, string | number> = {}, lang = 'en') =>
  ctx.app.inject({
    url: '/api/v1/connected/admin/events',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: authHeaders(ctx.app, admin, lang),
  });
const letters = async (query: Record<string, string | number> = {}) => {
  const res = await list(query);
  expect(res.statusCode).toBe(200);
  return res
    .json()
    .events.map((e: { id: number }) => letterOf(e.id))
    .join('');
};

describe('GET /connected/admin/events', () => {
  it('answers page 1 of 10 by id descending by default, deleted events included and flagged', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, limit: 10, totalCount: 6, totalPages: 1 });
    expect(body.events.map((e: { id: number }) => letterOf(e.id)).join('')).toBe('FEDCBA');
    expect(body.events[0].deletedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.events.filter((e: { deletedAt: string | null }) => e.deletedAt).length).toBe(1);
    const a = body.events.find((e: { id: number }) => e.id === ids.A);
    expect(a.creator).toMatchObject({ id: a.creatorId });
    expect(body.events.find((e: { id: number }) => e.id === ids.C).creator).toBeNull();
  });

  it('paginates with totals', async () => {
    expect((await list({ limit: 4 })).json().pagination).toEqual({ page: 1, limit: 4, totalCount: 6, totalPages: 2 });
    expect(await letters({ limit: 4 })).toBe('FEDC');
    expect(await letters({ limit: 4, page: 2 })).toBe('BA');
    const beyond = (await list({ limit: 4, page: 3 })).json();
    expect(beyond).toEqual({ events: [], pagination: { page: 3, limit: 4, totalCount: 6, totalPages: 2 } });
    expect((await list({ limit: 100 })).json().events).toHaveLength(6);
  });

  it('searches titles, city, address and creator email, ignoring accents and case', async () => {
    expect(await letters({ search: 'Montreal' })).toBe('BA');
    expect(await letters({ search: 'MONTRÉAL' })).toBe('BA');
    expect(await letters({ search: 'FETE' })).toBe('A');
    expect(await letters({ search: 'henri-julien' })).toBe('B');
    expect(await letters({ search: 'local festival' })).toBe('C');
    expect(await letters({ search: 'zoo-keeper@' })).toBe('E');
    expect(await letters({ search: 'garage' })).toBe('F');
    expect(await letters({ search: '  quebec ' })).toBe('C');
    const none = (await list({ search: 'introuvable' })).json();
    expect(none).toEqual({ events: [], pagination: { page: 1, limit: 10, totalCount: 0, totalPages: 0 } });
    expect((await list({ search: 'montreal', limit: 1 })).json().pagination).toMatchObject({
      totalCount: 2,
      totalPages: 2,
    });
  });

  it('matches % and _ literally', async () => {
    expect(await letters({ search: '%' })).toBe('C');
    expect(await letters({ search: '_' })).toBe('D');
    expect(await letters({ search: '100%' })).toBe('C');
  });

  it('sorts in both directions, ties broken by id', async () => {
    expect(await letters({ sortField: 'id', sortDirection: 'asc' })).toBe('ABCDEF');
    expect(await letters({ sortField: 'titleFr', sortDirection: 'asc' })).toBe('DCABFE');
    expect(await letters({ sortField: 'titleFr', sortDirection: 'desc' })).toBe('EFBACD');
    expect(await letters({ sortField: 'signaledCount', sortDirection: 'asc' })).toBe('CEFABD');
    expect(await letters({ sortField: 'signaledCount', sortDirection: 'desc' })).toBe('DBAFEC');
    expect(await letters({ sortField: 'viewCount', sortDirection: 'desc' })).toBe('AFCBED');
    expect(await letters({ sortField: 'city', sortDirection: 'asc' })).toBe('FBACDE');
    expect(await letters({ sortField: 'city', sortDirection: 'desc' })).toBe('EDCABF');
    expect(await letters({ sortField: 'state', sortDirection: 'asc' })).toBe('DABCEF');
    // Sorting by the title alone defaults to descending.
    expect(await letters({ sortField: 'titleFr' })).toBe('EFBACD');
  });

  it('pages through every sort field without repeating or skipping an event', async () => {
    for (const sortField of ADMIN_EVENT_SORT_FIELDS) {
      for (const sortDirection of ['asc', 'desc']) {
        const all = await letters({ sortField, sortDirection, limit: 100 });
        let paged = '';
        for (let page = 1; page <= 3; page++) paged += await letters({ sortField, sortDirection, limit: 2, page });
        expect([sortField, sortDirection, paged]).toEqual([sortField, sortDirection, all]);
        expect([...all].sort().join('')).toBe('ABCDEF');
      }
    }
  });

  it('answers exact errors for bad query values, in the request language', async () => {
    const res = await list({ sortField: 'email', sortDirection: 'up', page: 0, limit: 101 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        page: 'Field must be greater or equal to 1',
        limit: 'Field must be lower or equal to 100',
        sortField:
          'The enum field is not valid; valid values are: id, titleFr, city, state, createdAt, updatedAt, signaledCount, viewCount, active, lastEndsAt',
        sortDirection: 'The enum field is not valid; valid values are: asc, desc',
      },
    });
    expect((await list({ limit: 'ten' }, 'fr')).json()).toEqual({
      errors: { limit: 'Le champ limit doit être de type number' },
    });
    expect((await list({ search: 'x'.repeat(201) })).json()).toEqual({
      errors: { search: 'Field must be lower or equal to 200' },
    });
  });
});
