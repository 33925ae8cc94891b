import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { PgRateLimitStore, RateLimiter, type RateLimitStore, RedisRateLimitStore } from './rate-limiter';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500 });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

// In CI (CI set) Redis is a part under test, never optional: .ci/run starts one when none answers. Elsewhere the
// Redis cases skip, saying so, on a machine without Redis.
const skipWithoutRedis = !process.env.CI;
const skipped = `Redis is not reachable at ${REDIS_URL} (TEST_REDIS_URL); skipped outside CI`;

let ctx: TestContext;
let redis: Redis | undefined;
beforeAll(async () => {
  ctx = await createTestApp();
  if (await redisAvailable()) redis = new Redis(REDIS_URL);
  else if (!skipWithoutRedis) throw new Error(`CI runs the Redis tests, but Redis is not reachable at ${REDIS_URL}`);
});
afterAll(async () => {
  redis?.disconnect();
  await ctx.close();
});

const prefix = `t${process.pid}-${Date.now()}`;
const stores: Array<[string, () => RateLimitStore | undefined]> = [
  ['PostgreSQL', () => new PgRateLimitStore(ctx.db)],
  ['Redis', () => (redis ? new RedisRateLimitStore(redis) : undefined)],
];

describe.each(stores)('%s store', (name, make) => {
  it('counts hits in a window shared by every instance, then lets the next window start', async (test) => {
    const store = make();
    if (!store) return test.skip(name === 'Redis' ? skipped : `${name} is not reachable`);
    // Two limiters over the same store stand for two API instances.
    const a = new RateLimiter(store);
    const b = new RateLimiter(name === 'Redis' ? new RedisRateLimitStore(redis!) : new PgRateLimitStore(ctx.db));
    const limit = { key: `${prefix}-${name}-shared`, limit: 3, windowMs: 400 };
    await a.consume(limit);
    await b.consume(limit);
    await a.consume(limit);
    await expect(b.consume(limit)).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } });
    await new Promise((r) => setTimeout(r, 450));
    await expect(a.consume(limit)).resolves.toBeUndefined();
  });

  it('checks without counting and resets', async (test) => {
    const store = make();
    if (!store) return test.skip(name === 'Redis' ? skipped : `${name} is not reachable`);
    const limiter = new RateLimiter(store);
    const key = `${prefix}-${name}-check`;
    await limiter.check({ key, limit: 1 });
    await store.hit(key, 60_000);
    await expect(limiter.check({ key, limit: 1 })).rejects.toMatchObject({ statusCode: 429 });
    expect((await store.get(key)).count).toBe(1);
    await store.reset(key);
    await expect(limiter.check({ key, limit: 1 })).resolves.toBeUndefined();
  });
});

describe('the app with REDIS_URL', () => {
  it('uses Redis for its limits', async (test) => {
    if (!redis) return test.skip(skipped);
    const app = await createTestApp({ env: { REDIS_URL } });
    try {
      expect(app.app.rateLimiter.store).toBeInstanceOf(RedisRateLimitStore);
    } finally {
      await app.close();
    }
  });

  it('writes its keys under REDIS_KEY_PREFIX', async (test) => {
    if (!redis) return test.skip(skipped);
    const keyPrefix = `${prefix}-own:`;
    const app = await createTestApp({ env: { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix } });
    try {
      await app.app.rateLimiter.store.hit('prefixed', 60_000);
      expect(await redis.keys(`${keyPrefix}*`)).toEqual([`${keyPrefix}rl:prefixed`]);
      expect(await redis.exists('evmap:rl:prefixed')).toBe(0);
    } finally {
      await redis.del(`${keyPrefix}rl:prefixed`);
      await app.close();
    }
  });
});
