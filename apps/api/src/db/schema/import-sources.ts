import type { AdminEventInput } from '@evmap/contract/events';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { events } from './events';
import { users } from './users';

/**
 * Import sources (issue 25): an open dataset or a calendar whose records become events of an organisation.
 * `kind` is a connector (modules/import/connectors), `schedule` hourly or daily; a deleted source keeps its row
 * (its runs and its events' attribution refer to it) and never runs again.
 */
export const importSources = pgTable(
  'import_sources',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    schedule: text('schedule').notNull().default('daily'),
    /** 'fr' or 'en': the language of the source's texts (IMPORT_LANGUAGES). */
    language: text('language').notNull().default('fr'),
    /** The event-manager account the events belong to. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    defaultCategoryId: integer('default_category_id').references(() => categories.id),
    /** The source's category (lower-case, accent-free) → a category id. */
    categoryMapping: jsonb('category_mapping').$type<Record<string, number>>().notNull().default({}),
    licence: text('licence'),
    attribution: text('attribution'),
    /** true: published at once; false: imported inactive, waiting for an administrator. */
    publishAtOnce: boolean('publish_at_once').notNull().default(false),
    paused: boolean('paused').notNull().default(false),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('import_sources_due_idx').on(t.nextRunAt).where(sql`NOT ${t.paused} AND ${t.deletedAt} IS NULL`)],
);

/** One run of a source: its counts, its error (the whole feed refused) and its rejected records (bounded). */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => importSources.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** running | succeeded | failed */
    status: text('status').notNull().default('running'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    linked: integer('linked').notNull().default(0),
    error: text('error'),
    /** At most IMPORT_REJECTIONS_KEPT of them: `{ externalId, reason }`. */
    rejections: jsonb('rejections').$type<Array<{ externalId: string | null; reason: string }>>().notNull().default([]),
  },
  (t) => [
    index('import_runs_source_idx').on(t.sourceId, t.id),
    // One run at a time per source, whichever instance or request starts it.
    uniqueIndex('import_runs_running_key').on(t.sourceId).where(sql`${t.status} = 'running'`),
  ],
);

/**
 * A record found to be an event that already exists (typed by hand or from another source): linked to it rather
 * than imported twice, for the moderation queue to show (and an administrator to split).
 */
export const importLinks = pgTable(
  'import_links',
  {
    id: serial('id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => importSources.id),
    externalId: text('external_id').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** The record's title as the source gave it. */
    title: text('title').notNull(),
    /**
     * The record's event body as the import would write it (migration 0014), so that an administrator can split
     * the link (`POST /connected/admin/source-links/:id/split`) and create it at once; null for links made before.
     */
    eventBody: jsonb('event_body').$type<AdminEventInput>(),
    /** The hash of `eventBody` (as events.import_hash), to rewrite it only when the record changes. */
    importHash: text('import_hash'),
    missedRuns: integer('missed_runs').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_links_record_key').on(t.sourceId, t.externalId),
    index('import_links_event_idx').on(t.eventId),
  ],
);
