/** Decorates the app with the shared rate limiter (Redis when REDIS_URL is set, else PostgreSQL). */
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { createDb } from '../db/client';
import { PgRateLimitStore, RateLimiter, RedisRateLimitStore } from '../lib/rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export const rateLimitPlugin = fp(
  async (app) => {
    if (app.config.redisUrl) {
      const redis = new Redis(app.config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => undefined);
      });
      app.decorate('rateLimiter', new RateLimiter(new RedisRateLimitStore(redis, app.config.redisKeyPrefix)));
    } else {
      app.decorate('rateLimiter', new RateLimiter(new PgRateLimitStore(createDb(app.pool))));
    }
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
