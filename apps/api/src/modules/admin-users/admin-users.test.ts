import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { events } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { searchText } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';

const BASE = '/api/v1/connected/admin/users';
let ctx: TestContext;
let root: UserRow;
let admin: UserRow;

/** A call as `user` (a visitor when undefined) in `lang`. */
const as = (user: UserRow | undefined, { lang = 'en', ...options }: InjectOptions & { lang?: string }) =>
  ctx.app.inject({
    ...options,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
  });

const person = (name: string, email: string, role: 'viewer' | 'event-manager' = 'viewer') =>
  createUser(ctx, role, { name, email, searchText: searchText(name, email) });

beforeAll(async () => {
  ctx = await createTestApp();
  root = await createUser(ctx, 'admin', { email: 'root@example.com' });
  admin = await createUser(ctx, 'admin', { email: 'second-admin@example.com' });
});
afterAll(() => ctx.close());

describe('access to /connected/admin/users', () => {
  const calls: InjectOptions[] = [
    { method: 'GET', url: BASE },
    { method: 'GET', url: `${BASE}/id/1` },
    { method: 'POST', url: BASE, payload: { name: 'X', email: 'x@example.com' } },
    { method: 'PUT', url: `${BASE}/1`, payload: { name: 'X', email: 'x@example.com' } },
    { method: 'PUT', url: `${BASE}/1/plans`, payload: { planType: 'complete' } },
    { method: 'DELETE', url: `${BASE}/id/2` },
  ];

  it('answers 401 to visitors, before looking at the input', async () => {
    for (const call of [...calls, { method: 'GET' as const, url: `${BASE}/id/abc` }]) {
      const res = await as(undefined, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toEqual({ errors: { global: 'You must be signed in' } });
    }
    const fr = await as(undefined, { method: 'GET', url: BASE, lang: 'fr' });
    expect(fr.json()).toEqual({ errors: { global: 'Vous devez être connecté' } });
  });

  it('answers 403 to viewers and event-managers and changes nothing', async () => {
    const before = await ctx.db.select().from(users);
    for (const role of ['viewer', 'event-manager'] as const) {
      const user = await createUser(ctx, role);
      for (const call of calls) {
        const res = await as(user, call);
        expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
      }
      const fr = await as(user, { method: 'GET', url: BASE, lang: 'fr' });
      expect(fr.json()).toEqual({ errors: { global: "Vous n'êtes pas autorisé à faire ceci" } });
    }
    const after = await ctx.db.select().from(users);
    expect(after.filter((u) => before.some((b) => b.id === u.id))).toEqual(before);
  });
});

describe('GET /connected/admin/users', () => {
  let eloise: UserRow;
  let studio: UserRow;
  let percent: UserRow;
  let gone: UserRow;

  beforeAll(async () => {
    eloise = await person('Éloïse Bélanger', 'eloise@zlist.test');
    studio = await person('Studio Côté', 'contact@cote-zlist.test', 'event-manager');
    percent = await person('100% Fun', 'fun_zlist@example.com', 'event-manager');
    gone = await person('Gone Away', 'gone@zlist.test');
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
  });

  const list = async (query: string, lang = 'en') => as(root, { method: 'GET', url: `${BASE}?${query}`, lang });
  const ids = async (query: string) => (await list(query)).json().users.map((u: { id: number }) => u.id);

  it('lists users newest first with the default pagination, deleted ones included', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const total = (await ctx.db.select().from(users)).length;
    expect(body.pagination).toEqual({ page: 1, limit: 20, totalCount: total, totalPages: Math.ceil(total / 20) });
    const listed = body.users.map((u: { id: number }) => u.id);
    expect(listed).toEqual([...listed].sort((a: number, b: number) => b - a));
    expect(body.users[0]).toEqual(expect.objectContaining({ id: gone.id, deletedAt: expect.any(String) }));
    expect(body.users[0]).not.toHaveProperty('passwordHash');
    expect(body.users.find((u: { id: number }) => u.id === eloise.id)).toMatchObject({
      name: 'Éloïse Bélanger',
      email: 'eloise@zlist.test',
      type: 'viewer',
      deletedAt: null,
    });
  });

  it('searches name and email ignoring accents and case', async () => {
    expect(await ids('search=ELOISE')).toEqual([eloise.id]);
    expect(await ids(`search=${encodeURIComponent('belanger')}`)).toEqual([eloise.id]);
    expect(await ids(`search=${encodeURIComponent('côté')}`)).toEqual([studio.id]);
    expect(await ids('search=zlist')).toEqual([gone.id, percent.id, studio.id, eloise.id]);
    expect(await ids('search=%20%20zlist.TEST%20')).toEqual([gone.id, studio.id, eloise.id]);
  });

  it('treats % and _ as plain characters', async () => {
    expect(await ids(`search=${encodeURIComponent('100%')}`)).toEqual([percent.id]);
    expect(await ids(`search=${encodeURIComponent('%')}`)).toEqual([percent.id]);
    expect(await ids(`search=${encodeURIComponent('fun_')}`)).toEqual([percent.id]);
    expect(await ids(`search=${encodeURIComponent('e_oise')}`)).toEqual([]);
  });

  it('filters by type', async () => {
    expect(await ids('search=zlist&type=event-manager')).toEqual([percent.id, studio.id]);
    expect(await ids('search=zlist&type=viewer')).toEqual([gone.id, eloise.id]);
    expect(await ids('search=zlist&type=all')).toHaveLength(4);
  });

  it('pages through the results', async () => {
    const res = await list('search=zlist&limit=3&page=2');
    expect(res.json()).toEqual({
      users: [expect.objectContaining({ id: eloise.id })],
      pagination: { page: 2, limit: 3, totalCount: 4, totalPages: 2 },
    });
    const beyond = await list('search=zlist&limit=3&page=9');
    expect(beyond.json()).toEqual({ users: [], pagination: { page: 9, limit: 3, totalCount: 4, totalPages: 2 } });
    const none = await list('search=nobody-has-this');
    expect(none.json()).toEqual({ users: [], pagination: { page: 1, limit: 20, totalCount: 0, totalPages: 0 } });
  });

  it('answers each wrong parameter on its field', async () => {
    const res = await list('type=admin&limit=101&page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        type: 'The enum field is not valid; valid values are: all, viewer, event-manager',
        limit: 'Field must be lower or equal to 100',
        page: 'Field must be greater or equal to 1',
      },
    });
    const fr = await list('limit=abc', 'fr');
    expect(fr.json()).toEqual({ errors: { limit: 'Le champ limit doit être de type number' } });
  });
});

describe('GET /connected/admin/users/id/:id', () => {
  it('answers the user', async () => {
    const user = await person('Marc Gagnon', 'marc@example.com', 'event-manager');
    const res = await as(root, { method: 'GET', url: `${BASE}/id/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: expect.objectContaining({ id: user.id, name: 'Marc Gagnon', email: 'marc@example.com', isAdmin: false }),
    });
  });

  it('answers 404 for an unknown user and 400 for an invalid id', async () => {
    const missing = await as(root, { method: 'GET', url: `${BASE}/id/999999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: { global: 'Not found' } });
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await as(root, { method: 'GET', url: `${BASE}/id/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual({ errors: { id: 'The id is invalid' } });
    }
    const fr = await as(root, { method: 'GET', url: `${BASE}/id/abc`, lang: 'fr' });
    expect(fr.json()).toEqual({ errors: { id: "L'identifiant n'est pas valide" } });
  });
});

describe('DELETE /connected/admin/users/id/:id', () => {
  it('deletes the user: marked deleted, signed out, their events gone', async () => {
    const user = await createUser(ctx, 'event-manager');
    const [event] = await ctx.db
      .insert(events)
      .values({ handle: `deleted-owner-${user.id}`, titleFr: 'Fête', creatorId: user.id, timeZone: 'America/Toronto' })
      .returning();
    const res = await as(admin, { method: 'DELETE', url: `${BASE}/id/${user.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const shown = await as(admin, { method: 'GET', url: `${BASE}/id/${user.id}` });
    expect(shown.json().user.deletedAt).toEqual(expect.any(String));
    const me = await ctx.app.inject({ url: '/api/v1/connected/me', headers: authHeaders(ctx.app, user) });
    expect(me.statusCode).toBe(401);
    const [row] = await ctx.db.select().from(events).where(eq(events.id, event!.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const again = await as(admin, { method: 'DELETE', url: `${BASE}/id/${user.id}` });
    expect(again.statusCode).toBe(204);
    const [kept] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(kept?.deletedAt?.toISOString()).toBe(shown.json().user.deletedAt);
  });

  it('refuses to delete the administrator themselves or user 1', async () => {
    expect(root.id).toBe(1);
    for (const [actor, id] of [
      [admin, admin.id],
      [admin, 1],
      [root, 1],
    ] as const) {
      const res = await as(actor, { method: 'DELETE', url: `${BASE}/id/${id}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errors: { global: 'An administrator cannot delete their own account or user 1' } });
    }
    const fr = await as(admin, { method: 'DELETE', url: `${BASE}/id/${admin.id}`, lang: 'fr' });
    expect(fr.json()).toEqual({
      errors: { global: "Un administrateur ne peut pas supprimer son propre compte ni l'utilisateur 1" },
    });
    const rows = await ctx.db.select().from(users).where(eq(users.isAdmin, true));
    expect(rows.every((u) => u.deletedAt === null)).toBe(true);
  });

  it('answers 404 for an unknown user and 400 for an invalid id', async () => {
    const missing = await as(admin, { method: 'DELETE', url: `${BASE}/id/999999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: { global: 'Not found' } });
    const bad = await as(admin, { method: 'DELETE', url: `${BASE}/id/x1` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { id: 'The id is invalid' } });
  });
});

describe('OpenAPI', () => {
  it('documents the admin user routes, the forms and the upload', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    for (const path of [
      '/api/v1/connected/admin/users',
      '/api/v1/connected/admin/users/id/{id}',
      '/api/v1/connected/admin/users/{id}',
      '/api/v1/connected/admin/users/{id}/plans',
      '/api/v1/connected/globals/upload',
      '/api/v1/connected/globals/contact-us',
      '/api/v1/public/globals/subscribe',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(paths['/api/v1/connected/globals/upload'].post.requestBody.content)).toEqual([
      'multipart/form-data',
    ]);
  });
});
