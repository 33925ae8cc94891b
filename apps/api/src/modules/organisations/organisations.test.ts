/**
 * Organisation handles (migration 0012's trigger) and GET /public/organisations/{handle} against PostgreSQL: the
 * public face and nothing private, the upcoming events soonest first a page at a time, the feeds' addresses, 404 and
 * 410 bodies in both languages, bad input answering 400, caching (ETag, 304) and the rate limit.
 */
import { readFileSync } from 'node:fs';
import { FEED_RATE_LIMIT } from '@evmap/contract/feeds';
import { ORGANISATION_EVENTS_PAGE_SIZE } from '@evmap/contract/organisations';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let owner: UserRow;

let address = 0;
/** A GET from its own address (x-forwarded-for under TRUST_PROXY), so that the rate limit stays out of the way. */
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/v1${url}`, headers: { 'x-forwarded-for': `198.51.100.${++address % 250}`, ...headers } });

type Created = { id: number; uuid: string; handle: string };
const create = async (body: Record<string, unknown>, user = owner): Promise<Created> => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, user),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event;
};

const handleOf = async (id: number) =>
  (await ctx.db.execute<{ handle: string | null }>(sql`SELECT handle FROM users WHERE id = ${id}`)).rows[0]?.handle;

beforeAll(async () => {
  ctx = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  owner = await createUser(ctx, 'event-manager', {
    name: 'Salle du Plateau',
    website: 'https://salle.example.com',
    phoneNumber: '514-555-0101',
    address: '1 Rue Privée',
  });
});
afterAll(async () => ctx?.close());

describe('handles', () => {
  it('folds the name, numbers a clash, and stays when the name changes', async () => {
    expect(owner.handle).toBe('salle-du-plateau');
    const twin = await createUser(ctx, 'event-manager', { name: '  SALLE du plateau !' });
    expect(twin.handle).toBe('salle-du-plateau-2');
    const accents = await createUser(ctx, 'event-manager', { name: 'Théâtre Œil & Ça' });
    expect(accents.handle).toBe('theatre-oeil-ca');
    const symbols = await createUser(ctx, 'event-manager', { name: '***' });
    expect(symbols.handle).toBe('organisation');
    await ctx.db.execute(sql`UPDATE users SET name = 'Autre nom' WHERE id = ${twin.id}`);
    expect(await handleOf(twin.id)).toBe('salle-du-plateau-2');
  });

  it('gives none to a viewer, and one when a viewer becomes an organisation', async () => {
    const viewer = await createUser(ctx, 'viewer', { name: 'Café Léo' });
    expect(viewer.handle).toBeNull();
    const res = await ctx.app.inject({ url: '/api/v1/connected/me', headers: authHeaders(ctx.app, viewer) });
    expect(res.json().user).not.toHaveProperty('handle');
    await ctx.db.execute(sql`UPDATE users SET type = 'event-manager' WHERE id = ${viewer.id}`);
    expect(await handleOf(viewer.id)).toBe('cafe-leo');
  });

  it('are given to the organisations already there by migration 0012, oldest first', async () => {
    const first = await createUser(ctx, 'event-manager', { name: 'Vieux Théâtre' });
    const second = await createUser(ctx, 'event-manager', { name: 'Vieux theatre' });
    const viewer = await createUser(ctx, 'viewer', { name: 'Vieux Théâtre' });
    // As before the migration: no handle, and no trigger to set one.
    await ctx.db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_organisation_handle`);
    await ctx.db.execute(sql`UPDATE users SET handle = NULL WHERE id IN (${first.id}, ${second.id})`);
    await ctx.db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_organisation_handle`);
    const migration = readFileSync(new URL('../../../drizzle/0012_organisation_handles.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('DO $$');
    await ctx.db.execute(sql.raw(backfill));
    expect(await handleOf(first.id)).toBe('vieux-theatre');
    expect(await handleOf(second.id)).toBe('vieux-theatre-2');
    expect(await handleOf(viewer.id)).toBeNull();
  });

  it("is in the organisation's own account answer", async () => {
    const res = await ctx.app.inject({ url: '/api/v1/connected/me', headers: authHeaders(ctx.app, owner) });
    expect(res.json().user.handle).toBe('salle-du-plateau');
  });
});

describe('GET /public/organisations/{handle}', () => {
  let later: Created;
  let sooner: Created;
  let ongoing: Created;
  beforeAll(async () => {
    later = await create(eventBody({ titleFr: 'Plus tard', dates: [{ startDate: wallClock(72), endDate: null }] }));
    sooner = await create(eventBody({ titleFr: 'Bientôt', dates: [{ startDate: wallClock(24), endDate: null }] }));
    ongoing = await create(
      eventBody({ titleFr: 'En cours', dates: [{ startDate: wallClock(-2), endDate: wallClock(3) }] }),
    );
    const past = await create(eventBody({ titleFr: 'Passé', dates: [{ startDate: wallClock(-48), endDate: null }] }));
    const hidden = await create(eventBody({ titleFr: 'Masqué' }));
    const deleted = await create(eventBody({ titleFr: 'Supprimé' }));
    await ctx.db.execute(sql`UPDATE events SET active = false WHERE id = ${hidden.id}`);
    await ctx.db.execute(sql`UPDATE events SET deleted_at = now() WHERE id = ${deleted.id}`);
    expect(past.id).toBeGreaterThan(0);
    const someoneElse = await createUser(ctx, 'event-manager', { name: 'Ailleurs' });
    await create(eventBody({ titleFr: "D'un autre" }), someoneElse);
  });

  it("answers its public face, its upcoming events soonest first and its feeds' addresses", async () => {
    const res = await get('/public/organisations/salle-du-plateau');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.organisation).toEqual({
      id: owner.id,
      handle: 'salle-du-plateau',
      name: 'Salle du Plateau',
      website: 'https://salle.example.com',
    });
    expect(body.events.map((e: { id: number }) => e.id)).toEqual([ongoing.id, sooner.id, later.id]);
    expect(body.events[0]).toMatchObject({ handle: ongoing.handle, titleFr: 'En cours', isPast: false });
    expect(body.pagination).toEqual({ page: 1, limit: ORGANISATION_EVENTS_PAGE_SIZE, totalCount: 3, totalPages: 1 });
    expect(body.feeds).toEqual({
      ics: `${ctx.config.appUrl}/api/v1/public/organisations/${owner.id}/feed.ics`,
      atom: `${ctx.config.appUrl}/api/v1/public/organisations/${owner.id}/feed.atom`,
      rss: `${ctx.config.appUrl}/api/v1/public/organisations/${owner.id}/feed.rss`,
      json: `${ctx.config.appUrl}/api/v1/public/organisations/${owner.id}/feed.json`,
    });
    // Nothing private of the account, anywhere in the answer.
    for (const secret of [owner.email, '514-555-0101', '1 Rue Privée', 'passwordHash', 'planType', 'creator"']) {
      expect(res.body).not.toContain(secret);
    }
    const feed = await ctx.app.inject(new URL(body.feeds.ics).pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`UID:${sooner.uuid}@evmap`);
  });

  it('reads a handle in capitals, and pages the events', async () => {
    expect((await get('/public/organisations/Salle-Du-Plateau')).statusCode).toBe(200);
    const second = await get('/public/organisations/salle-du-plateau?page=2');
    expect(second.statusCode).toBe(200);
    expect(second.json().events).toEqual([]);
    expect(second.json().pagination).toEqual({
      page: 2,
      limit: ORGANISATION_EVENTS_PAGE_SIZE,
      totalCount: 3,
      totalPages: 1,
    });
  });

  it('is public and cacheable: ETag, max-age, then 304', async () => {
    const first = await get('/public/organisations/salle-du-plateau');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const etag = String(first.headers.etag);
    const again = await get('/public/organisations/salle-du-plateau', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await create(eventBody({ titleFr: 'Nouveau' }));
    const changed = await get('/public/organisations/salle-du-plateau', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().events.map((e: { titleFr: string }) => e.titleFr)).toContain('Nouveau');
  });

  it('answers 404 for an unknown handle, a viewer or an administrator, in both languages', async () => {
    const admin = await createUser(ctx, 'admin', { name: 'Admin Central' });
    await createUser(ctx, 'viewer', { name: 'Simple Visiteur', handle: 'simple-visiteur' });
    for (const handle of ['nobody-here', 'simple-visiteur', String(admin.handle)]) {
      const res = await get(`/public/organisations/${handle}`);
      expect(res.statusCode, handle).toBe(404);
      expect(res.json()).toEqual({ errors: { global: 'Not found' } });
    }
    const french = await get('/public/organisations/nobody-here', { 'accept-language': 'fr' });
    expect(french.json()).toEqual({ errors: { global: 'Introuvable' } });
  });

  it('answers 410 for a removed organisation, in both languages', async () => {
    const removed = await createUser(ctx, 'event-manager', { name: 'Partie Depuis' });
    await ctx.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${removed.id}`);
    const english = await get('/public/organisations/partie-depuis', { 'accept-language': 'en' });
    expect(english.statusCode).toBe(410);
    expect(english.json()).toEqual({ errors: { global: 'This organisation was removed: its page no longer exists' } });
    const french = await get('/public/organisations/partie-depuis', { 'accept-language': 'fr' });
    expect(french.statusCode).toBe(410);
    expect(french.json()).toEqual({
      errors: { global: "Cette organisation a été retirée\u202f: sa page n'existe plus" },
    });
  });

  it('answers 400 with the field for a handle or a page that is not valid, never 5xx', async () => {
    for (const handle of ['a_b', 'salle--plateau', '-salle', 'caf%C3%A9', "'%3B--", 'a%2Fb']) {
      const res = await get(`/public/organisations/${handle}`);
      expect(res.statusCode, handle).toBe(400);
      expect(res.json(), handle).toEqual({ errors: { handle: 'The field handle is not valid' } });
    }
    for (const query of ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=501']) {
      const res = await get(`/public/organisations/salle-du-plateau?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ errors: { page: 'The field page is not valid' } });
    }
    const unknown = await get('/public/organisations/salle-du-plateau?lang=fr');
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['lang']);
    const nul = await get('/public/organisations/%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ errors: { handle: 'The field handle contains a character that is not allowed' } });
    const long = await get(`/public/organisations/${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toHaveProperty('errors.global');
    for (const path of ['/public/organisations/', '/public/organisations/%E0%A4%A', '/public/organisations/a/b']) {
      expect((await get(path)).statusCode, path).toBeLessThan(500);
    }
  });

  it(`answers 429 past ${FEED_RATE_LIMIT.limit} requests a minute from one address`, async () => {
    const headers = { 'x-forwarded-for': '203.0.113.20' };
    await ctx.db.execute(sql`INSERT INTO rate_limits (key, count, reset_at)
      VALUES ('organisations-ip:203.0.113.20', ${FEED_RATE_LIMIT.limit - 1}, ${Date.now() + 60_000})`);
    expect((await get('/public/organisations/salle-du-plateau', headers)).statusCode).toBe(200);
    const limited = await get('/public/organisations/salle-du-plateau', headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: { global: 'Too many attempts. Please try again in 1 minute.' } });
  });

  it('is described in the OpenAPI document with every status', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    const operation = res.json().paths['/api/v1/public/organisations/{handle}']?.get;
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(
      expect.arrayContaining(['200', '304', '400', '404', '410', '429']),
    );
  });
});
