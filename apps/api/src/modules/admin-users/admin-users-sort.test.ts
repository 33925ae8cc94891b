import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, type Role } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { searchText } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';
import type { NewUser } from '../users/users.repository';

const BASE = '/api/v1/connected/admin/users';
const DAY = 86_400_000;
let ctx: TestContext;
let root: UserRow;

/** A call as `user` (null: a visitor) in `lang`. */
const as = (user: UserRow | null, { lang = 'en', ...options }: InjectOptions & { lang?: string }) =>
  ctx.app.inject({
    ...options,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
  });

beforeAll(async () => {
  ctx = await createTestApp();
  root = await createUser(ctx, 'admin', { email: 'root@example.com' });
});
afterAll(() => ctx.close());

describe('GET /connected/admin/users: new parameters', () => {
  it('answers 401 to visitors and 403 to non-administrators before reading them', async () => {
    const url = `${BASE}?sortField=password&creatorsOnly=yes`;
    const anonymous = await as(null, { method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ errors: { global: 'You must be signed in' } });
    const organiser = await createUser(ctx, 'event-manager');
    const refused = await as(organiser, { method: 'GET', url, lang: 'fr' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: { global: "Vous n'êtes pas autorisé à faire ceci" } });
  });

  it('answers each wrong value on its field', async () => {
    const res = await as(root, { method: 'GET', url: `${BASE}?sortField=password&sortDirection=up&creatorsOnly=yes` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        sortField: 'The enum field is not valid; valid values are: id, name, email, type, planType, createdAt',
        sortDirection: 'The enum field is not valid; valid values are: asc, desc',
        creatorsOnly: 'The enum field is not valid; valid values are: true, false',
      },
    });
  });
});

describe('GET /connected/admin/users: sort and creatorsOnly', () => {
  const people: Record<string, UserRow> = {};
  /** Names of the listed people, in the order of the answer. */
  const order = async (query: string) => {
    const res = await as(root, { method: 'GET', url: `${BASE}?search=zsort&${query}` });
    expect(res.statusCode).toBe(200);
    const byId = new Map(Object.entries(people).map(([key, user]) => [user.id, key]));
    return res.json().users.map((u: { id: number }) => byId.get(u.id));
  };

  beforeAll(async () => {
    const now = Date.now();
    const add = async (key: string, role: Role, ageDays: number, fields: Partial<NewUser>) => {
      const email = `${key}@zsort.test`;
      people[key] = await createUser(ctx, role, {
        email,
        searchText: searchText(fields.name, email),
        createdAt: new Date(now - ageDays * DAY),
        ...fields,
      });
    };
    // Keys are the emails' local parts, in email order (b1 < b2 < ...) and in id order.
    await add('b1', 'viewer', 3, { name: 'Bravo', planType: null });
    await add('b2', 'event-manager', 1, { name: 'Alpha', planType: 'trial' });
    await add('b3', 'viewer', 2, { name: null, planType: null });
    await add('b4', 'event-manager', 3, { name: 'Bravo', planType: 'complete' });
    await add('b5', 'admin', 4, { name: 'Admin', planType: null });
    await add('b6', 'event-manager', 5, { name: 'Zed', planType: 'unit', deletedAt: new Date() });
  });

  it('sorts by id descending by default, and by id ascending on demand', async () => {
    expect(await order('')).toEqual(['b6', 'b5', 'b4', 'b3', 'b2', 'b1']);
    expect(await order('sortDirection=desc&sortField=id')).toEqual(['b6', 'b5', 'b4', 'b3', 'b2', 'b1']);
    expect(await order('sortField=id&sortDirection=asc')).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
    // sortDirection alone keeps the id order.
    expect(await order('sortDirection=asc')).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
  });

  it('sorts by name, ties by id in the same direction, no name last both ways', async () => {
    expect(await order('sortField=name&sortDirection=asc')).toEqual(['b5', 'b2', 'b1', 'b4', 'b6', 'b3']);
    expect(await order('sortField=name&sortDirection=desc')).toEqual(['b6', 'b4', 'b1', 'b2', 'b5', 'b3']);
    // The default direction is descending, for every field.
    expect(await order('sortField=name')).toEqual(['b6', 'b4', 'b1', 'b2', 'b5', 'b3']);
  });

  it('sorts by email', async () => {
    expect(await order('sortField=email&sortDirection=asc')).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
    expect(await order('sortField=email&sortDirection=desc')).toEqual(['b6', 'b5', 'b4', 'b3', 'b2', 'b1']);
  });

  it('sorts by type', async () => {
    expect(await order('sortField=type&sortDirection=asc')).toEqual(['b2', 'b4', 'b5', 'b6', 'b1', 'b3']);
    expect(await order('sortField=type&sortDirection=desc')).toEqual(['b3', 'b1', 'b6', 'b5', 'b4', 'b2']);
  });

  it('sorts by plan, no plan last both ways', async () => {
    expect(await order('sortField=planType&sortDirection=asc')).toEqual(['b4', 'b2', 'b6', 'b1', 'b3', 'b5']);
    expect(await order('sortField=planType&sortDirection=desc')).toEqual(['b6', 'b2', 'b4', 'b5', 'b3', 'b1']);
  });

  it('sorts by creation date', async () => {
    expect(await order('sortField=createdAt&sortDirection=asc')).toEqual(['b6', 'b5', 'b1', 'b4', 'b3', 'b2']);
    expect(await order('sortField=createdAt&sortDirection=desc')).toEqual(['b2', 'b3', 'b4', 'b1', 'b5', 'b6']);
  });

  it('pages through ties without overlap or gaps', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...(await order(`sortField=name&sortDirection=asc&limit=2&page=${page}`)));
    expect(pages).toEqual(['b5', 'b2', 'b1', 'b4', 'b6', 'b3']);
  });

  it('lists administrators and deleted users, unless creatorsOnly=true', async () => {
    expect(await order('creatorsOnly=false')).toEqual(['b6', 'b5', 'b4', 'b3', 'b2', 'b1']);
    expect(await order('creatorsOnly=true')).toEqual(['b4', 'b3', 'b2', 'b1']);
    // The event form's creator choices: event-managers that are neither administrators nor deleted.
    const res = await as(root, {
      method: 'GET',
      url: `${BASE}?search=zsort&type=event-manager&creatorsOnly=true&sortField=name&sortDirection=asc`,
    });
    expect(res.json().users.map((u: { id: number }) => u.id)).toEqual([people.b2!.id, people.b4!.id]);
    expect(res.json().pagination).toEqual({ page: 1, limit: 20, totalCount: 2, totalPages: 1 });
  });
});
