import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The paid plan of an event-manager: status, current period and cancellation. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planType: text('plan_type').notNull(),
    /** active, past_due or canceled */
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** While past due: when the renewal job tries the payment again. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_renewal_idx').on(t.status, t.currentPeriodEnd),
    // At most one live subscription per user.
    uniqueIndex('subscriptions_live_user_key').on(t.userId).where(sql`${t.status} IN ('active', 'past_due')`),
  ],
);
