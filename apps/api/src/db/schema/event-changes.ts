import { bigint, bigserial, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What each events version changed, for the search caches of every instance: the event, and the days and place
 * it covered before the write and after it (one row each). A cached answer survives a version whose rows miss its
 * day or its bounds. Rows written by refreshEventDays wait with no version until eventsChanged() stamps them in the
 * same transaction. Kept a few minutes (an instance further behind empties its caches instead).
 */
export const eventChanges = pgTable(
  'event_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    version: bigint('version', { mode: 'number' }),
    eventId: integer('event_id').notNull(),
    /** Wall-clock days, `YYYY-MM-DD`. */
    days: text('days').array().notNull().default([]),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_changes_version_idx').on(t.version), index('event_changes_created_idx').on(t.createdAt)],
);
