import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { events } from './events';

/**
 * Search index: one row per (day, searchable event) — active, not deleted, placed events only —
 * rewritten with the event in the same transaction. The map search reads it by day and bounds.
 * Migration 0010 adds columns read and written only in SQL (event-days.repository.ts, search.repository.ts), not
 * declared here: `search_document` (tsvector, a copy of events.search_document, GIN index
 * event_days_search_document_idx), `starts_at` and `ends_at` (timestamptz: the earliest start and latest end of the
 * event's dates touching the day, for "now"). Migration 0017 adds, the same way, what the event's map marker shows:
 * `title_fr`, `title_en`, `handle`, `image_path` and `image_formats` (its cover) and `start_minute`, so that the marker
 * query reads no other table; migration 0019 adds `event_days_tiles_idx` on (day, evmap_tile_key(longitude,
 * latitude)) holding every column of a marker, so that a tile without text is one range of that index alone (an
 * index-only scan; tile-keys.ts). Migration 0018's `event_days_markers_idx`, unread since 0019's release, is dropped
 * by migration 0020.
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
    /** The event's access mask, copied so that an accessibility filter reads no event row. */
    access: integer('access').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.eventId] }),
    index('event_days_bounds_idx').on(t.day, t.longitude, t.latitude, t.categoryId, t.eventId),
    index('event_days_event_idx').on(t.eventId),
    // The accessibility filter (queries add "access <> 0"): only events with an attribute, index-only like the above.
    index('event_days_access_idx')
      .on(t.day, t.longitude, t.latitude, t.access, t.categoryId, t.eventId)
      .where(sql`${t.access} <> 0`),
  ],
);
