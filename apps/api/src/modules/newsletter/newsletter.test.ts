import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { newsletterSubscriptions } from '../../db/schema/newsletter-subscriptions';

const URL = '/api/v1/public/globals/subscribe';
let ctx: TestContext;
let address = 0;

/** Each call comes from its own address unless one is given, so the per-address limit stays out of the way. */
const subscribe = (payload: unknown, options: { lang?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: URL,
    headers: { 'accept-language': options.lang ?? 'en', ...options.headers },
    remoteAddress: options.ip ?? `10.1.0.${++address}`,
    payload: payload as Record<string, unknown>,
  });

const rows = () => ctx.db.select().from(newsletterSubscriptions);

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('POST /public/globals/subscribe', () => {
  it('signs a visitor up, trimmed and lower-cased, in the language of the request', async () => {
    const res = await subscribe({ email: '  Marie.Cote@Example.COM ' }, { lang: 'fr-CA' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rows()).toEqual([
      expect.objectContaining({ email: 'marie.cote@example.com', lang: 'fr', createdAt: expect.any(Date) }),
    ]);
  });

  it('answers the same to a second sign-up and keeps one row', async () => {
    expect((await subscribe({ email: 'twice@example.com' })).statusCode).toBe(204);
    const again = await subscribe({ email: ' TWICE@example.com' }, { lang: 'fr' });
    expect(again.statusCode).toBe(204);
    const mine = (await rows()).filter((r) => r.email === 'twice@example.com');
    expect(mine).toEqual([expect.objectContaining({ lang: 'en' })]);
  });

  it('is open to signed-in users too', async () => {
    const user = await createUser(ctx, 'viewer');
    const res = await subscribe({ email: user.email }, { headers: authHeaders(ctx.app, user) });
    expect(res.statusCode).toBe(204);
    expect((await rows()).some((r) => r.email === user.email)).toBe(true);
  });

  it('answers "email cannot be empty" when the email is missing or blank', async () => {
    const before = (await rows()).length;
    for (const payload of [{}, { email: '' }, { email: '   ' }, { email: null }]) {
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { email: 'email cannot be empty' } });
    }
    const fr = await subscribe({ email: '' }, { lang: 'fr' });
    expect(fr.json()).toEqual({ errors: { email: 'le courriel ne peut pas être vide' } });
    expect(await rows()).toHaveLength(before);
  });

  it('refuses an address that is not an email', async () => {
    const before = (await rows()).length;
    for (const email of ['marie', 'marie@', '@example.com', 'a b@example.com', `${'a'.repeat(250)}@example.com`]) {
      const res = await subscribe({ email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { email: 'The email is not valid' } });
    }
    const fr = await subscribe({ email: 'marie' }, { lang: 'fr' });
    expect(fr.json()).toEqual({ errors: { email: "Le courriel n'est pas valide" } });
    const wrongType = await subscribe({ email: 12 });
    expect(wrongType.json()).toEqual({ errors: { email: 'The field email must be of type string' } });
    expect(await rows()).toHaveLength(before);
  });

  it('limits sign-ups per address to 20 an hour', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 20; i++) {
      expect((await subscribe({ email: `reader${i}@example.com` }, { ip })).statusCode).toBe(204);
    }
    const res = await subscribe({ email: 'reader20@example.com' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ errors: { global: 'Too many attempts. Please try again in 60 minutes.' } });
    expect((await rows()).some((r) => r.email === 'reader20@example.com')).toBe(false);
    expect((await subscribe({ email: 'reader20@example.com' })).statusCode).toBe(204);
  });
});
