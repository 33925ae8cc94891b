import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { events } from './events';

/** Daily counters of views (single_modal, map_marker, embed) and button clicks (website, phone, ...). */
export const eventStats = pgTable(
  'event_stats',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: text('value').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.date, t.type, t.value] })],
);
