import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';

/** Reports of an event, one per visitor (session id, or a hash of the address without one). */
export const eventSignals = pgTable(
  'event_signals',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    /** The reason the reporter chose (SIGNAL_REASONS), null when none was given. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.visitorKey] })],
);
