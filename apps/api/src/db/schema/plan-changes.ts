import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Every plan transition: who, when, from, to, and why (user, admin or the renewal job). */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    changedBy: integer('changed_by').references(() => users.id),
    fromPlan: text('from_plan'),
    toPlan: text('to_plan'),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_changes_user_idx').on(t.userId, t.createdAt)],
);
