/** "Sign out everywhere" (POST /connected/me/sign-out-everywhere) and the short sessions of administrators. */
import { ADMIN_SESSION_HOURS, SESSION_DAYS } from '@evmap/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, PASSWORD } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { handMadeToken } from '../../../test/jwt';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // User 1 is the first administrator.
  await createUser(ctx, 'admin');
});
afterAll(() => ctx.close());

const URL = '/api/v1/connected/me/sign-out-everywhere';
const me = (token: string) =>
  ctx.app.inject({ url: '/api/v1/connected/me', headers: { authorization: `Bearer ${token}` } });
const login = async (user: UserRow) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/auth/login',
    payload: { email: user.email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().jwt as string;
};
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    iat: number;
    exp: number;
  };
const HOUR = 3600;

describe('POST /connected/me/sign-out-everywhere', () => {
  it('answers 401 without a token, in the language asked', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: URL, headers: { 'accept-language': 'fr' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { global: 'Vous devez être connecté' } });
  });

  it('ends every session, this one too, and answers a fresh token for this device', async () => {
    const user = await createUser(ctx, 'event-manager');
    const laptop = await login(user);
    const phone = authHeaders(ctx.app, user).authorization.slice('Bearer '.length);
    const res = await ctx.app.inject({ method: 'POST', url: URL, headers: { authorization: `Bearer ${laptop}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { jwt, user: shown } = res.json();
    expect(shown).toMatchObject({ id: user.id, email: user.email });
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(jwt)).json().user.id).toBe(user.id);
  });

  it('is limited to 10 times in 15 minutes', async () => {
    const user = await createUser(ctx, 'viewer');
    let token = authHeaders(ctx.app, user).authorization;
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: URL, headers: { authorization: token } });
      expect(res.statusCode).toBe(200);
      token = `Bearer ${res.json().jwt}`;
    }
    const refused = await ctx.app.inject({ method: 'POST', url: URL, headers: { authorization: token } });
    expect(refused.statusCode).toBe(429);
  });
});

describe('session lifetimes', () => {
  it(`gives an administrator a ${ADMIN_SESSION_HOURS}-hour session and others ${SESSION_DAYS} days`, async () => {
    const admin = await createUser(ctx, 'admin');
    const viewer = await createUser(ctx, 'viewer');
    const adminToken = claims(await login(admin));
    expect(adminToken.exp - adminToken.iat).toBe(ADMIN_SESSION_HOURS * HOUR);
    const viewerToken = claims(await login(viewer));
    expect(viewerToken.exp - viewerToken.iat).toBe(SESSION_DAYS * 24 * HOUR);
  });

  it('refuses an administrator token older than the administrator session, even one signed for longer', async () => {
    const admin = await createUser(ctx, 'admin');
    const viewer = await createUser(ctx, 'viewer');
    const now = Math.floor(Date.now() / 1000);
    const old = (user: UserRow) =>
      handMadeToken(ctx.config.jwtSecret, {
        sub: String(user.id),
        ver: user.tokenVersion,
        iat: now - (ADMIN_SESSION_HOURS + 1) * HOUR,
        exp: now + 20 * 24 * HOUR,
      });
    const refused = await me(old(admin));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ errors: { global: 'You must be signed in' } });
    expect((await me(old(viewer))).statusCode).toBe(200);
    const recent = handMadeToken(ctx.config.jwtSecret, {
      sub: String(admin.id),
      ver: admin.tokenVersion,
      iat: now - (ADMIN_SESSION_HOURS - 1) * HOUR,
      exp: now + HOUR,
    });
    expect((await me(recent)).statusCode).toBe(200);
  });
});
