import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Every stored image, with its owner: a user can only attach images they uploaded. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** events or users */
    folder: text('folder').notNull(),
    path: text('path').notNull(),
    formats: integer('formats').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_path_key').on(t.path), index('uploads_user_idx').on(t.userId)],
);
