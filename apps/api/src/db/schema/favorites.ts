import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/** A viewer's favourite events. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index('favorites_event_idx').on(t.eventId)],
);
