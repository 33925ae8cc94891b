/**
 * Fixed-window rate limits shared by every instance: in Redis when REDIS_URL is set, otherwise in
 * PostgreSQL (one upsert per hit). Used for sign-in, codes, password resets and public forms.
 */

import type { ErrorKey } from '@evmap/contract/errors';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client';
import { rateLimited } from '../errors';
import { deleteWindow, hitWindow, readWindow, sweepWindows } from './rate-limits.repository';

export type Window = { count: number; resetAt: number };

export interface RateLimitStore {
  /** Counts one hit on `key` and answers the window after it. */
  hit(key: string, windowMs: number): Promise<Window>;
  /** The current window without counting (count 0 when none). */
  get(key: string): Promise<Window>;
  reset(key: string): Promise<void>;
}

export class PgRateLimitStore implements RateLimitStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, windowMs: number): Promise<Window> {
    const now = this.now();
    const window = await hitWindow(this.db, key, windowMs, now);
    // Expired windows are rewritten in place; now and then sweep the ones nobody hits again.
    if (Math.random() < 0.01) await sweepWindows(this.db, now);
    return window;
  }

  async get(key: string): Promise<Window> {
    const now = this.now();
    return (await readWindow(this.db, key, now)) ?? { count: 0, resetAt: now };
  }

  async reset(key: string): Promise<void> {
    await deleteWindow(this.db, key);
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    /** Prepended to every key (REDIS_KEY_PREFIX), so that several installs or test runs can share one Redis. */
    private readonly prefix = 'evmap:',
  ) {}

  async hit(key: string, windowMs: number): Promise<Window> {
    const name = `${this.prefix}rl:${key}`;
    const [[, count], , [, ttl]] = (await this.redis
      .multi()
      .incr(name)
      .pexpire(name, windowMs, 'NX')
      .pttl(name)
      .exec()) as [[null, number], [null, number], [null, number]];
    return { count, resetAt: Date.now() + Math.max(0, ttl) };
  }

  async get(key: string): Promise<Window> {
    const name = `${this.prefix}rl:${key}`;
    const [[, count], [, ttl]] = (await this.redis.multi().get(name).pttl(name).exec()) as [
      [null, string | null],
      [null, number],
    ];
    return { count: Number(count ?? 0), resetAt: Date.now() + Math.max(0, ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}rl:${key}`);
  }
}

export type Limit = { key: string; limit: number; windowMs: number; message?: ErrorKey };

/** Rate-limit rules over a store; throws the 429 AppError when a limit is passed. */
export class RateLimiter {
  constructor(readonly store: RateLimitStore) {}

  /** Counts a hit; past the limit, 429 with the message (default: the generic rate-limit message). */
  async consume({ key, limit, windowMs, message = 'rateLimited' }: Limit): Promise<void> {
    const window = await this.store.hit(key, windowMs);
    if (window.count > limit) throw rateLimited(message, (window.resetAt - Date.now()) / 1000);
  }

  /** Refuses when the limit is already reached, without counting (for failures counted afterwards). */
  async check({ key, limit, message = 'rateLimited' }: Omit<Limit, 'windowMs'>): Promise<void> {
    const window = await this.store.get(key);
    if (window.count >= limit) throw rateLimited(message, (window.resetAt - Date.now()) / 1000);
  }
}
