import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { events } from './events';

/** Images of an event; the one with the lowest orderIdx is the cover. `formats` lists the stored widths. */
export const eventImages = pgTable(
  'event_images',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    imagePath: text('image_path').notNull(),
    orderIdx: integer('order_idx').notNull().default(0),
    formats: integer('formats').array().notNull().default([]),
  },
  (t) => [
    index('event_images_event_idx').on(t.eventId, t.orderIdx),
    // Whether an upload is still used (the uploads' collection job).
    index('event_images_path_idx').on(t.imagePath),
  ],
);
