import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Fixed-window counters for rate limits when no Redis is configured (shared by every instance). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** Epoch milliseconds at which the window ends. */
  resetAt: bigint('reset_at', { mode: 'number' }).notNull(),
});
