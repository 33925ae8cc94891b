import { sql } from 'drizzle-orm';
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
    /**
     * Set when the upload was found unused (no event or user refers to it) and is being deleted: it can no longer
     * be attached, and its files then its row are removed (lib/uploads-gc.ts finishes what a crash interrupted).
     */
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uploads_path_key').on(t.path),
    index('uploads_user_idx').on(t.userId),
    // The collection job's two scans: old uploads to check, and discarded ones to finish.
    index('uploads_created_idx').on(t.createdAt).where(sql`${t.discardedAt} IS NULL`),
    index('uploads_discarded_idx').on(t.discardedAt).where(sql`${t.discardedAt} IS NOT NULL`),
  ],
);
