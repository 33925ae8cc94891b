/**
 * The permission matrix of the account routes: visitor / viewer / event-manager / admin × every route.
 * "ok" means the caller got past authentication and authorisation (the answer may still be a 400 for an
 * empty body); 401 and 403 are the exact refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, type Role } from './accounts';
import { createTestApp, type TestContext } from './app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Caller = 'visitor' | Role;
type Expect = 'ok' | 401 | 403;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const signedIn: Record<Caller, Expect> = { visitor: 401, viewer: 'ok', 'event-manager': 'ok', admin: 'ok' };
const adminOnly: Record<Caller, Expect> = { visitor: 401, viewer: 403, 'event-manager': 403, admin: 'ok' };
const open: Record<Caller, Expect> = { visitor: 'ok', viewer: 'ok', 'event-manager': 'ok', admin: 'ok' };

const ROUTES: Array<[Method, string, Record<Caller, Expect>]> = [
  ['GET', '/public/globals', open],
  ['POST', '/public/globals/subscribe', open],
  ['POST', '/public/auth/login', open],
  ['PUT', '/public/auth/signup', open],
  ['POST', '/public/auth/forgot-pwd', open],
  ['PUT', '/public/auth/change-pwd', open],
  ['GET', '/connected/me', signedIn],
  ['PUT', '/connected/me', signedIn],
  ['DELETE', '/connected/me', { ...signedIn, admin: 403 }],
  ['PUT', '/connected/me/password', signedIn],
  ['POST', '/connected/auth/resend-code', signedIn],
  ['DELETE', '/connected/auth/unverified-email', signedIn],
  ['POST', '/connected/auth/verify-email', signedIn],
  ['POST', '/connected/globals/contact-us', signedIn],
  ['POST', '/connected/globals/upload', signedIn],
  ['GET', '/connected/admin/users', adminOnly],
  ['GET', '/connected/admin/users/id/{target}', adminOnly],
  ['POST', '/connected/admin/users', adminOnly],
  ['PUT', '/connected/admin/users/{target}', adminOnly],
  ['PUT', '/connected/admin/users/{target}/plans', adminOnly],
  ['DELETE', '/connected/admin/users/id/{target}', adminOnly],
];

const CALLERS: Caller[] = ['visitor', 'viewer', 'event-manager', 'admin'];

describe.each(ROUTES)('%s %s', (method, path, expected) => {
  it.each(CALLERS)('as %s', async (caller) => {
    // Fresh users for every call: some routes delete or change the caller or the target.
    const user = caller === 'visitor' ? undefined : await createUser(ctx, caller);
    const target = await createUser(ctx, 'event-manager');
    const res = await ctx.app.inject({
      method,
      url: `/api/v1${path.replace('{target}', String(target.id))}`,
      headers: user ? authHeaders(ctx.app, user) : {},
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    const want = expected[caller];
    if (want === 401) expect(res.json()).toEqual({ errors: { global: 'You must be signed in' } });
    else if (want === 403) expect(res.statusCode).toBe(403);
    else expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
    if (want !== 'ok') expect(res.statusCode).toBe(want);
  });
});
