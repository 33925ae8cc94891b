/**
 * A signed-in user's answers are never kept by a shared cache: every answer to a request with a valid token says
 * `Cache-Control: private, no-store` (errors included), unless the route chose `private, no-cache` with a validator;
 * public answers keep their own caching. (openapi.test.ts checks it across every operation as every role.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import type { UserRow } from './auth';

let ctx: TestContext;
let viewer: UserRow;
let manager: UserRow;
let admin: UserRow;

beforeAll(async () => {
  ctx = await createTestApp({
    configure: (app) => {
      app.get('/api/v1/connected/test-validated', { onRequest: app.requireUser }, async (_request, reply) =>
        reply.header('cache-control', 'private, no-cache').header('etag', '"v1"').send({ ok: true }),
      );
      app.get('/api/v1/connected/test-public', { onRequest: app.requireUser }, async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=600').send({ ok: true }),
      );
    },
  });
  [viewer, manager, admin] = await Promise.all([
    createUser(ctx, 'viewer'),
    createUser(ctx, 'event-manager'),
    createUser(ctx, 'admin'),
  ]);
});
afterAll(() => ctx.close());

const get = (url: string, user?: UserRow) =>
  ctx.app.inject({ url: `/api/v1${url}`, headers: user ? authHeaders(ctx.app, user) : {} });

describe('Cache-Control of signed-in answers', () => {
  it.each([
    ['viewer', '/connected/me', 200],
    ['viewer', '/connected/events/favorite', 200],
    ['manager', '/connected/events', 200],
    ['manager', '/connected/me/invoices', 200],
    ['manager', '/connected/me/subscription', 200],
    ['admin', '/connected/admin/users', 200],
    ['admin', '/connected/admin/dashboard', 200],
    ['admin', '/connected/admin/events?page=1&limit=10', 200],
    ['viewer', '/connected/admin/users', 403],
    ['manager', '/connected/events/uuid/00000000-0000-4000-8000-000000000000', 404],
    ['admin', '/connected/admin/users?type=nobody', 400],
  ] as const)('%s GET %s (%i) says private, no-store', async (who, url, status) => {
    const user = { viewer, manager, admin }[who];
    const res = await get(url, user);
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('says it on writes too', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/connected/me',
      headers: authHeaders(ctx.app, viewer),
      payload: { name: 'Vera' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps a route’s own private, no-cache with a validator, and overrides a public one', async () => {
    const validated = await get('/connected/test-validated', viewer);
    expect([validated.headers['cache-control'], validated.headers.etag]).toEqual(['private, no-cache', '"v1"']);
    expect((await get('/connected/test-public', viewer)).headers['cache-control']).toBe('private, no-store');
  });

  it('leaves public answers as they are, with or without a token', async () => {
    for (const user of [undefined, viewer]) {
      expect((await get('/public/globals', user)).headers['cache-control']).toBe('public, max-age=300');
    }
    // No token, or a token that does not sign anybody in: nobody's data.
    expect((await get('/connected/me')).statusCode).toBe(401);
  });
});
