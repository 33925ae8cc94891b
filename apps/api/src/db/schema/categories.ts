import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** The six event categories; rows are created at start from the contract's list. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull(),
  },
  (t) => [uniqueIndex('categories_handle_key').on(t.handle)],
);
