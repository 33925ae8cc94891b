import { index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';

/** Occurrences of an event: wall-clock local times at the event's place ('YYYY-MM-DD HH:mm:ss'). */
export const eventDates = pgTable(
  'event_dates',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    startDate: timestamp('start_date', { mode: 'string' }).notNull(),
    endDate: timestamp('end_date', { mode: 'string' }),
  },
  (t) => [
    index('event_dates_event_idx').on(t.eventId, t.startDate),
    // The import's duplicate check: the dates starting near a record's (migration 0015).
    index('event_dates_start_idx').on(t.startDate),
  ],
);
