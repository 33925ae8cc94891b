import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Links that let their holder choose a password: stored hashed, single use, short-lived.
 * - `reset` (forgot-password and account-created links): valid only while the account's email and password are
 *   those it was sent for (`accountStamp`, a keyed hash of both), and until a newer reset link is sent;
 * - `not-me` (the "this was not me" link of a notice mailed to the old address after an email or password change):
 *   survives later changes and resets, gives the account back to `email` and ends every session.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    purpose: text('purpose').notNull().default('reset'),
    accountStamp: text('account_stamp'),
    email: text('email'),
  },
  (t) => [uniqueIndex('password_reset_token_key').on(t.tokenHash), index('password_reset_user_idx').on(t.userId)],
);
