/**
 * Sign-in limits that keep guessing out without handing a lockout to strangers (LOGIN_LIMITS), and the email
 * verification the API itself enforces on an organiser's events and plan.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, lastCode, PASSWORD, readMails } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/app';
import { eventBody } from '../test/events';
import { LOGIN_LIMITS } from './modules/auth/auth.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Client = { ip: string; device?: string; lang?: string };

const login = (email: string, password: string, client: Client) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/auth/login',
    remoteAddress: client.ip,
    payload: { email, password },
    headers: {
      'accept-language': client.lang ?? 'en',
      ...(client.device ? { 'x-session-id': client.device } : {}),
    },
  });

const PASSWORD_INVALID = { errors: { password: 'Password is invalid' } };
const tooMany = (minutes: number) => ({
  errors: { global: `Too many attempts. Please try again in ${minutes} minutes.` },
});

/** Fails `count` sign-ins of `email` from `client`, each answered 400. */
async function failSignIns(email: string, client: Client, count = LOGIN_LIMITS.perPair.freeFailures) {
  for (let i = 0; i < count; i++) {
    const res = await login(email, `wrong-guess-${i}`, client);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(PASSWORD_INVALID);
  }
}

/** Ends the current lock of `email` from `ip` now, as if its time had passed. */
async function lockExpires(email: string, ip: string) {
  await ctx.db.execute(
    sql`UPDATE rate_limits SET reset_at = ${Date.now() - 1} WHERE key LIKE ${`login-lock:${email}:%:ip:${ip}`}`,
  );
}

describe('sign-in limits', () => {
  it("locks a stranger's address after 5 wrong passwords, never the owner's", async () => {
    const owner = await createUser(ctx, 'viewer', { email: 'owner-a@example.com' });
    const stranger = { ip: '203.0.113.5' };
    await failSignIns(owner.email, stranger);
    // The stranger's address now waits, even with the right password.
    const locked = await login(owner.email, PASSWORD, stranger);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(tooMany(15));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The owner, from their own address, signs in.
    const mine = await login(owner.email, PASSWORD, { ip: '198.51.100.7' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user.id).toBe(owner.id);
  });

  it('makes the same account and address wait twice as long after each further failure', async () => {
    const owner = await createUser(ctx, 'viewer', { email: 'owner-b@example.com' });
    const guesser = { ip: '203.0.113.6', lang: 'fr' };
    await failSignIns(owner.email, { ip: guesser.ip });
    const first = await login(owner.email, 'another-guess', guesser);
    expect(first.statusCode).toBe(429);
    expect(first.json()).toEqual({ errors: { global: 'Trop de tentatives. Veuillez réessayer dans 15 minutes.' } });
    for (const minutes of [30, 60]) {
      await lockExpires(owner.email, guesser.ip);
      await failSignIns(owner.email, { ip: guesser.ip }, 1);
      const next = await login(owner.email, PASSWORD, guesser);
      expect(next.statusCode).toBe(429);
      expect(next.json()).toEqual({
        errors: { global: `Trop de tentatives. Veuillez réessayer dans ${minutes} minutes.` },
      });
      expect(Number(next.headers['retry-after'])).toBeGreaterThan((minutes - 1) * 60);
    }
  });

  it('lifts the lock of an address when the password is reset from it', async () => {
    const owner = await createUser(ctx, 'viewer', { email: 'owner-d@example.com' });
    const forgetful = { ip: '198.51.100.9' };
    await failSignIns(owner.email, forgetful);
    expect((await login(owner.email, PASSWORD, forgetful)).statusCode).toBe(429);

    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/auth/forgot-pwd',
      remoteAddress: forgetful.ip,
      payload: { email: owner.email },
    });
    expect(forgot.statusCode).toBe(204);
    const mail = readMails(ctx.config.mailDir)
      .filter((m) => m.to.includes(owner.email))
      .at(-1);
    const token = decodeURIComponent(mail?.text.match(/token=([^\s&]+)/)?.[1] ?? '');
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/change-pwd',
      remoteAddress: forgetful.ip,
      payload: { token, password: 'a-new-password' },
    });
    expect(reset.statusCode).toBe(200);

    const again = await login(owner.email, 'a-new-password', forgetful);
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(owner.id);
  });

  it('past 100 failures an hour from everywhere, lets only a known device sign in', async () => {
    const owner = await createUser(ctx, 'viewer', { email: 'owner-e@example.com' });
    const device = randomUUID();
    expect((await login(owner.email, PASSWORD, { ip: '198.51.100.10', device })).statusCode).toBe(200);

    // A distributed guess: 20 addresses, 5 failures each (what each pair is allowed), 5 addresses at a time.
    const { limit } = LOGIN_LIMITS.perAccount;
    const addresses = Array.from({ length: limit / LOGIN_LIMITS.perPair.freeFailures }, (_, i) => `192.0.2.${i + 1}`);
    for (let i = 0; i < addresses.length; i += 5) {
      await Promise.all(addresses.slice(i, i + 5).map((ip) => failSignIns(owner.email, { ip })));
    }

    // A new address, with or without an unknown device, waits even with the right password.
    for (const client of [{ ip: '198.51.100.11' }, { ip: '198.51.100.12', device: randomUUID() }]) {
      const refused = await login(owner.email, PASSWORD, client);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(tooMany(60));
    }
    // The owner's known device signs in, from anywhere.
    const known = await login(owner.email, PASSWORD, { ip: '198.51.100.13', device: device.toUpperCase() });
    expect(known.statusCode).toBe(200);
    expect(known.json().user.id).toBe(owner.id);
    // Its wrong passwords are its own: counted for the device, not taken for a stranger's.
    expect((await login(owner.email, 'typo', { ip: '198.51.100.13', device })).json()).toEqual(PASSWORD_INVALID);
  }, 30_000);
});

describe('email verification, enforced by the API', () => {
  const VERIFY = 'Your email address must be verified: enter the code we sent you';
  const VERIFY_FR = 'Votre adresse courriel doit être vérifiée : entrez le code que nous vous avons envoyé';

  async function pendingOrganiser(email: string) {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/signup',
      remoteAddress: '198.51.100.50',
      payload: { type: 'event-manager', name: 'Les Pendants', email, password: 'long-enough', acceptTerms: true },
    });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${res.json().jwt}` };
  }

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  it("refuses an unverified organiser's events, statistics, plan, contact and uploads with 403, in both languages", async () => {
    const headers = await pendingOrganiser('pending-org@example.com');
    const refused: Array<[Parameters<typeof call>[0], string, object?]> = [
      ['POST', '/connected/events', eventBody()],
      ['PUT', '/connected/events/1', eventBody()],
      ['GET', '/connected/events'],
      ['GET', `/connected/events/uuid/${randomUUID()}`],
      ['DELETE', '/connected/events/id/1'],
      ['GET', '/connected/events/1/stats'],
      ['PUT', '/connected/me/plans', { planType: 'complete' }],
      ['GET', '/connected/me/subscription'],
      ['GET', '/connected/me/payment-methods'],
      ['GET', '/connected/me/invoices'],
      ['POST', '/connected/globals/contact-us', { subject: 'Bonjour', message: 'Une question' }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await call(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual({ errors: { global: VERIFY } });
    }
    const fr = await call('POST', '/connected/events', { ...headers, 'accept-language': 'fr' }, eventBody());
    expect(fr.json()).toEqual({ errors: { global: VERIFY_FR } });
    // An image upload too (multipart).
    const boundary = 'evmap-pending';
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/globals/upload',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nusers\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n` +
        `not-an-image\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode).toBe(403);
    expect(upload.json()).toEqual({ errors: { global: VERIFY } });
    // What verifying needs stays open.
    expect((await call('GET', '/connected/me', headers)).statusCode).toBe(200);

    const verified = await call('POST', '/connected/auth/verify-email', headers, {
      email: 'pending-org@example.com',
      code: lastCode(ctx.config.mailDir, 'pending-org@example.com'),
    });
    expect(verified.statusCode).toBe(200);
    const created = await call('POST', '/connected/events', headers, eventBody());
    expect(created.statusCode).toBe(200);
    expect(created.json().event.titleEn).toBe('Jazz night in the park');

    // A verified organiser whose email change waits for its code still publishes.
    const changing = await createUser(ctx, 'event-manager', { unverifiedEmail: 'next-address@example.com' });
    expect((await call('POST', '/connected/events', authHeaders(ctx.app, changing), eventBody())).statusCode).toBe(200);
  });

  it('keeps an unverified organiser unverified when they change their email', async () => {
    const headers = await pendingOrganiser('typo-org@exmaple.com');
    // A minute later (a new code may be sent once a minute).
    await ctx.db.execute(sql`UPDATE rate_limits SET reset_at = ${Date.now() - 1} WHERE key LIKE 'code-send:%'`);
    const changed = await call('PUT', '/connected/me', headers, { email: 'typo-org@example.com' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({
      email: 'typo-org@example.com',
      unverifiedEmail: 'typo-org@example.com',
    });
    const res = await call('POST', '/connected/events', headers, eventBody());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { global: VERIFY } });
  });
});
