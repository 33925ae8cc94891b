import { date, doublePrecision, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { events } from './events';

/**
 * Search index: one row per (day, searchable event) — active, not deleted, placed events only —
 * rewritten with the event in the same transaction. The map search reads it by day and bounds.
 */
export const eventDays = pgTable(
  'event_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.eventId] }),
    index('event_days_bounds_idx').on(t.day, t.longitude, t.latitude, t.categoryId, t.eventId),
    index('event_days_event_idx').on(t.eventId),
  ],
);
