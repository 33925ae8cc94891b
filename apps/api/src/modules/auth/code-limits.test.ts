/** Verification codes to one address are capped per day, across accounts, not only per account per minute. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, readMails } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { CODE_ADDRESS_LIMIT } from './verification.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const VICTIM = 'someone-else@example.com';
const mailsTo = (email: string) => readMails(ctx.config.mailDir).filter((m) => m.to.includes(email));
/** The minute between two codes of one account passes (the per-account window is forgotten). */
const aMinuteLater = () => ctx.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'code-send:%'`);

describe('codes per account per minute', () => {
  it('answers a new code asked within the minute with when the next one can be asked (Retry-After)', async () => {
    const signup = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/signup',
      payload: {
        type: 'event-manager',
        name: 'Quick',
        email: 'quick@example.com',
        password: 'long-enough',
        acceptTerms: true,
      },
    });
    const headers = { authorization: `Bearer ${signup.json().jwt}` };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/connected/auth/resend-code', headers });
    expect(res.statusCode).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
  });
});

describe('codes per address per day', () => {
  it(`mails at most ${CODE_ADDRESS_LIMIT.limit} codes a day to an address, then answers 429 in both languages`, async () => {
    const signup = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/signup',
      payload: {
        type: 'event-manager',
        name: 'Not Them',
        email: VICTIM,
        password: 'long-enough',
        acceptTerms: true,
      },
    });
    expect(signup.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signup.json().jwt}` };
    for (let sent = 1; sent < CODE_ADDRESS_LIMIT.limit; sent++) {
      await aMinuteLater();
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/connected/auth/resend-code', headers });
      expect(res.statusCode).toBe(204);
    }
    expect(mailsTo(VICTIM)).toHaveLength(CODE_ADDRESS_LIMIT.limit);

    await aMinuteLater();
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/auth/resend-code',
      headers: { ...headers, 'accept-language': 'fr' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      errors: {
        global:
          "Cette adresse a reçu le nombre maximal de codes de vérification pour aujourd'hui. Vérifiez votre boîte de réception ou réessayez demain.",
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(mailsTo(VICTIM)).toHaveLength(CODE_ADDRESS_LIMIT.limit);
  });

  it('holds across accounts: another account naming that address is refused and keeps its own', async () => {
    // The first account moves to another address: VICTIM is free for any account to name.
    await ctx.db.execute(sql`UPDATE users SET email = 'moved-away@example.com' WHERE email = ${VICTIM}`);
    const other = await createUser(ctx, 'viewer');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/connected/me',
      headers: authHeaders(ctx.app, other),
      payload: { email: VICTIM.toUpperCase() },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      errors: {
        global:
          'This address has received the most verification codes allowed for today. Please check your inbox or try again tomorrow.',
      },
    });
    const me = await ctx.app.inject({ url: '/api/v1/connected/me', headers: authHeaders(ctx.app, other) });
    expect(me.json().user).toMatchObject({ email: other.email, unverifiedEmail: null });
    expect(mailsTo(VICTIM)).toHaveLength(CODE_ADDRESS_LIMIT.limit);
  });

  it('refuses an event-manager sign-up whose code cannot be sent, creating nothing', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/signup',
      payload: { type: 'event-manager', name: 'Again', email: VICTIM, password: 'long-enough', acceptTerms: true },
    });
    expect(res.statusCode).toBe(429);
    const rows = await ctx.db.execute(sql`SELECT 1 FROM users WHERE email = ${VICTIM}`);
    expect(rows.rows).toEqual([]);
  });

  it('keeps no address in the limits, and leaves other addresses alone', async () => {
    const keys = await ctx.db.execute<{ key: string }>(sql`SELECT key FROM rate_limits`);
    expect(keys.rows.map((r) => r.key).join(' ')).not.toContain('example.com');
    const user = await createUser(ctx, 'viewer');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/connected/me',
      headers: authHeaders(ctx.app, user),
      payload: { email: 'fresh-address@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(mailsTo('fresh-address@example.com')).toHaveLength(1);
  });
});
