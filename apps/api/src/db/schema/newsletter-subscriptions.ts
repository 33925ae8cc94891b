import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Newsletter sign-ups from the landing section; one row per email. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    lang: text('lang').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_email_key').on(t.email)],
);
