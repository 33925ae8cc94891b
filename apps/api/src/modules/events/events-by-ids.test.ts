/** GET /public/events/by-ids against PostgreSQL: the details a list reads of the markers it shows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let owner: UserRow;
let admin: UserRow;
type Created = { id: number; uuid: string };
const create = async (body: Record<string, unknown>, user: UserRow): Promise<Created> => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: user.isAdmin ? '/api/v1/connected/admin/events' : '/api/v1/connected/events',
    headers: authHeaders(ctx.app, user),
    payload: user.isAdmin ? { ...body, creatorId: owner.id } : body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event;
};
const byIds = (ids: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/v1/public/events/by-ids?ids=${ids}`, headers });

let first: Created;
let second: Created;
let inactive: Created;
let deleted: Created;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'event-manager');
  admin = await createUser(ctx, 'admin');
  first = await create(eventBody({ titleFr: 'Premier' }), owner);
  second = await create(eventBody({ titleFr: 'Second', price: '12 $' }), owner);
  inactive = await create(eventBody({ titleFr: 'Caché', active: false }), admin);
  deleted = await create(eventBody({ titleFr: 'Supprimé' }), owner);
  const removal = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/connected/events/id/${deleted.id}`,
    headers: authHeaders(ctx.app, owner),
  });
  expect(removal.statusCode).toBe(204);
});
afterAll(() => ctx.close());

describe('GET /public/events/by-ids', () => {
  it('answers the visible events asked, in the order asked, without an account', async () => {
    const res = await byIds(`${second.id},${inactive.id},${first.id},${deleted.id},999999,${second.id}`);
    expect(res.statusCode).toBe(200);
    const { events } = res.json();
    expect(events.map((e: { id: number }) => e.id)).toEqual([second.id, first.id]);
    expect(events[0]).toMatchObject({ titleFr: 'Second', price: '12 $', uuid: second.uuid });
    // The public shape: no owner's details.
    expect(events[0].creator).toBeUndefined();
  });

  it('lets browsers and CDNs keep the answer and revalidate it', async () => {
    const res = await byIds(`${first.id}`);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"e[\w-]+"$/);
    const again = await byIds(`${first.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/connected/events/${first.id}`,
      headers: authHeaders(ctx.app, owner),
      payload: eventBody({ titleFr: 'Premier, changé' }),
    });
    const changed = await byIds(`${first.id}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().events[0].titleFr).toBe('Premier, changé');
  });

  it.each([
    ['', 'fieldInvalid'],
    ['1,,2', 'fieldInvalid'],
    ['-1', 'fieldInvalid'],
    ['0', 'fieldInvalid'],
    ['a', 'fieldInvalid'],
    [Array.from({ length: 61 }, (_, i) => i + 1).join(','), 'fieldInvalid'],
  ])('refuses ids=%s with a message on ids, in both languages', async (ids) => {
    const en = await byIds(ids, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(Object.keys(en.json().errors)).toEqual(['ids']);
    const fr = await byIds(ids, { 'accept-language': 'fr' });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().errors.ids).not.toBe(en.json().errors.ids);
  });

  it('refuses a request without ids, and unknown parameters', async () => {
    const missing = await ctx.app.inject({ url: '/api/v1/public/events/by-ids' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: { ids: 'The field ids is required' } });
    const extra = await byIds(`${first.id}&day=2026-12-01`);
    expect(extra.statusCode).toBe(400);
  });
});
