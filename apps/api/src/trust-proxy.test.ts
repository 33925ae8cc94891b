/**
 * X-Forwarded-For is believed only from the proxies of TRUST_PROXY: without it, a client that sends a new
 * address each time is still counted under its own (sign-in and sign-up limits per address).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { LOGIN_LIMITS } from './modules/auth/auth.service';

/** A test route answering the address the app counts a request under. */
const echoAddress = (app: FastifyInstance) => {
  app.get('/test/address', async (request) => ({ ip: request.ip }));
};

let plain: TestContext;
let listed: TestContext;
let hops: TestContext;
beforeAll(async () => {
  [plain, listed, hops] = await Promise.all([
    createTestApp({ configure: echoAddress }),
    createTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, configure: echoAddress }),
    createTestApp({ env: { TRUST_PROXY: '2' }, configure: echoAddress }),
  ]);
});
afterAll(() => Promise.all([plain?.close(), listed?.close(), hops?.close()]));

let counter = 0;
/** A sign-in of an unknown address (no per-account lock involved), from `remoteAddress`, forwarded for `forwarded`. */
const signIn = (ctx: TestContext, remoteAddress: string, forwarded?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/auth/login',
    remoteAddress,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    payload: { email: `nobody-${++counter}@example.com`, password: 'whatever-1' },
  });

const address = async (ctx: TestContext, remoteAddress: string, forwarded?: string) =>
  (
    await ctx.app.inject({
      url: '/test/address',
      remoteAddress,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    })
  ).json().ip;

const NOT_FOUND = { errors: { email: 'Email does not exist' } };
const LIMITED = { errors: { global: 'Too many attempts. Please try again in 15 minutes.' } };

describe('TRUST_PROXY unset', () => {
  it('counts a client under its own address whatever X-Forwarded-For it sends', async () => {
    expect(await address(plain, '203.0.113.1', '198.51.100.1')).toBe('203.0.113.1');
    for (let i = 0; i < LOGIN_LIMITS.perIp.limit; i++) {
      const res = await signIn(plain, '203.0.113.1', `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const limited = await signIn(plain, '203.0.113.1', '198.51.100.250');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(LIMITED);
    // Another client is not affected.
    expect((await signIn(plain, '203.0.113.2')).statusCode).toBe(400);
  });

  it('limits sign-ups per address whatever X-Forwarded-For the client sends', async () => {
    const signUp = (i: number) =>
      plain.app.inject({
        method: 'PUT',
        url: '/api/v1/public/auth/signup',
        remoteAddress: '203.0.113.3',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
        payload: { type: 'viewer', email: `spoofer-${i}@example.com`, password: 'long-enough', acceptTerms: true },
      });
    for (let i = 1; i <= 20; i++) expect((await signUp(i)).statusCode).toBe(200);
    const limited = await signUp(21);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: { global: 'Too many attempts. Please try again in 60 minutes.' } });
  });
});

describe('TRUST_PROXY as addresses and CIDR ranges', () => {
  it("believes a listed proxy's X-Forwarded-For, and only a listed proxy's, for every limit", async () => {
    expect(await address(listed, '127.0.0.1', '198.51.100.9')).toBe('198.51.100.9');
    // Through two listed proxies: the first address no listed proxy stands for.
    expect(await address(listed, '127.0.0.1', '198.51.100.9, 10.1.2.3')).toBe('198.51.100.9');
    // A forged entry before the client's own is not believed: the listed proxy only vouches for its peer.
    expect(await address(listed, '127.0.0.1', '6.6.6.6, 198.51.100.9')).toBe('198.51.100.9');
    expect(await address(listed, '203.0.113.4', '198.51.100.9')).toBe('203.0.113.4');

    // Each client behind the proxy is counted under its own address.
    for (let i = 0; i <= LOGIN_LIMITS.perIp.limit; i++) {
      expect((await signIn(listed, '127.0.0.1', `198.51.100.${i + 1}`)).statusCode).toBe(400);
    }
    for (let i = 0; i < LOGIN_LIMITS.perIp.limit; i++) {
      expect((await signIn(listed, '127.0.0.1', '192.0.2.77')).statusCode).toBe(400);
    }
    const limited = await signIn(listed, '127.0.0.1', '192.0.2.77');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(LIMITED);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('takes the address that many hops from the socket', async () => {
    expect(await address(hops, '10.0.0.1', '6.6.6.6, 198.51.100.20, 10.0.0.2')).toBe('198.51.100.20');
    expect(await address(hops, '10.0.0.1', '198.51.100.21')).toBe('198.51.100.21');
  });
});
