import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { users } from './users';

/**
 * Events. Dates live in event_dates; the search reads the denormalised event_days. Migration 0010 adds
 * `search_document` (tsvector GENERATED ALWAYS ... STORED: French and English lexemes of the accent-free titles,
 * descriptions and place), read only in SQL and not declared here (Drizzle never writes a generated column).
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    /** Readable unique slug from the French title, stable once created. */
    handle: text('handle').notNull(),
    active: boolean('active').notNull().default(true),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en'),
    descriptionFr: text('description_fr'),
    descriptionEn: text('description_en'),
    categoryId: integer('category_id').references(() => categories.id),
    address: text('address'),
    city: text('city'),
    zipcode: text('zipcode'),
    state: text('state').notNull().default('QC'),
    country: text('country').notNull().default('CA'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    price: text('price'),
    phoneNumber: text('phone_number'),
    website: text('website'),
    externalLink: text('external_link'),
    recurring: text('recurring'),
    creatorId: integer('creator_id').references(() => users.id),
    signaledCount: integer('signaled_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    /** IANA zone of the event's province: "today", "past" and "upcoming" are computed in it. */
    timeZone: text('time_zone').notNull().default('America/Toronto'),
    /** Latest end (or start) among the dates, wall-clock; null when the event has no dates (counts as past). */
    lastEndsAt: timestamp('last_ends_at', { mode: 'string' }),
    /** Accessibility attributes: step-free answer and features as one mask (contract accessibility.ts). */
    access: integer('access').notNull().default(0),
    accessNoteFr: text('access_note_fr'),
    accessNoteEn: text('access_note_en'),
    externalSource: text('external_source'),
    externalId: text('external_id'),
    /** The import source the event comes from (issue 25), with `externalId` its record's stable id. */
    importSourceId: integer('import_source_id'),
    /** Runs in a row the record was missing from its source: deactivated at two. */
    importMissedRuns: integer('import_missed_runs').notNull().default(0),
    /** A hash of the imported record: a run leaves an event whose record did not change untouched. */
    importHash: text('import_hash'),
    /** The fields an administrator edited on an imported event: a re-import keeps them. */
    adminEditedFields: text('admin_edited_fields').array().notNull().default([]),
    /** Lower-cased, accent-free titles, city, address and creator email for the admin search. */
    searchText: text('search_text').notNull().default(''),
    /** Raised by a trigger on every write that changes updated_at, active or deleted_at (iCalendar SEQUENCE). */
    revision: integer('revision').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('events_uuid_key').on(t.uuid),
    uniqueIndex('events_handle_key').on(t.handle),
    index('events_creator_idx').on(t.creatorId, t.id),
    index('events_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('events_title_idx').on(t.titleFr, t.id),
    index('events_city_idx').on(t.city, t.id),
    // The moderation queue and the dashboard's count of it: only reported, not deleted events (a handful).
    index('events_reported_idx')
      .on(t.signaledCount.desc(), t.id.desc())
      .where(sql`${t.signaledCount} > 0 AND ${t.deletedAt} IS NULL`),
    // The feeds' cancelled events (migration 0011).
    index('events_withdrawn_idx').on(t.updatedAt).where(sql`NOT ${t.active} OR ${t.deletedAt} IS NOT NULL`),
    uniqueIndex('events_import_key').on(t.importSourceId, t.externalId).where(sql`${t.importSourceId} IS NOT NULL`),
    uniqueIndex('events_external_key').on(t.externalSource, t.externalId).where(sql`${t.externalSource} IS NOT NULL`),
  ],
);
