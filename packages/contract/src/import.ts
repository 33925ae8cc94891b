/**
 * Import sources (issue 25): open datasets and calendars whose records become events of an organisation, run on a
 * schedule; their runs with counts, errors and rejected records. Administrators manage them under
 * /connected/admin/sources.
 */
import { z } from 'zod';
import { dbIdSchema } from './bounds';

/**
 * Connectors: iCalendar (RFC 5545) from any URL, Montréal's "Événements publics" (CSV, GeoJSON and the CKAN
 * `datastore_search` API), Toronto's "Festivals & Events" JSON, and schema.org Event in JSON-LD (a JSON document
 * or the blocks of an HTML page).
 */
export const IMPORT_KINDS = [
  'icalendar',
  'montreal-csv',
  'montreal-geojson',
  'montreal-ckan',
  'toronto-json',
  'json-ld',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_SCHEDULES = ['hourly', 'daily'] as const;
/**
 * The language a source writes in: its texts fill that language's fields; the other language shows them as they
 * are, marked "not translated" (French is required of every event, so an English source's texts fill both).
 */
export const IMPORT_LANGUAGES = ['fr', 'en'] as const;
export type ImportLanguage = (typeof IMPORT_LANGUAGES)[number];
export type ImportSchedule = (typeof IMPORT_SCHEDULES)[number];
export const IMPORT_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
/** Rejected records a run keeps (with their reason); the count has them all. */
export const IMPORT_REJECTIONS_KEPT = 100;
/** Runs GET …/runs answers, latest first. */
export const IMPORT_RUNS_LISTED = 20;

const httpUrl = z
  .string({ error: 'fieldInvalid' })
  .trim()
  .max(2_000, { error: 'fieldInvalid' })
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, { error: 'fieldInvalid' });

const optional = (max: number) =>
  z
    .string({ error: 'fieldInvalid' })
    .trim()
    .max(max, { error: 'fieldInvalid' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** POST /connected/admin/sources (and PUT, the whole source again). */
export const importSourceBodySchema = z.object({
  name: z
    .string({ error: 'fieldInvalid' })
    .trim()
    .min(1, { error: 'fieldInvalid' })
    .max(200, { error: 'fieldInvalid' }),
  kind: z.enum(IMPORT_KINDS, { error: 'fieldInvalid' }),
  url: httpUrl,
  schedule: z.enum(IMPORT_SCHEDULES, { error: 'fieldInvalid' }).optional().default('daily'),
  /** The language of the source's texts (French by default). */
  language: z.enum(IMPORT_LANGUAGES, { error: 'fieldInvalid' }).optional().default('fr'),
  /** The event-manager account the events belong to. */
  ownerId: dbIdSchema(),
  defaultCategoryId: dbIdSchema().nullable().optional(),
  /** The source's category names → category ids (names compared without accents and case). */
  categoryMapping: z.record(z.string().max(200), dbIdSchema()).optional().default({}),
  licence: optional(300),
  attribution: optional(1_000),
  /** true: published at once; false (default): inactive, waiting for an administrator. */
  publishAtOnce: z.boolean().optional().default(false),
  paused: z.boolean().optional().default(false),
});
export type ImportSourceBody = z.input<typeof importSourceBodySchema>;

/**
 * POST /connected/sources (and PUT): an organisation's own iCalendar URL; its events are its own, published
 * at once, kept in step with the calendar.
 */
export const ownImportSourceBodySchema = importSourceBodySchema.pick({
  name: true,
  url: true,
  schedule: true,
  language: true,
  defaultCategoryId: true,
  paused: true,
});
export type OwnImportSourceInput = z.output<typeof ownImportSourceBodySchema>;
export type ImportSourceInput = z.output<typeof importSourceBodySchema>;

export const importCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  rejected: z.number().int(),
  /** Records found to be an existing event: linked to it, not imported again. */
  linked: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importRunSchema = z.object({
  id: z.number().int(),
  sourceId: z.number().int(),
  status: z.enum(IMPORT_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: importCountsSchema,
  /** Why the whole feed was refused (nothing changed), or null. */
  error: z.string().nullable(),
  rejections: z.array(z.object({ externalId: z.string().nullable(), reason: z.string() })),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(IMPORT_KINDS),
  url: z.string(),
  schedule: z.enum(IMPORT_SCHEDULES),
  language: z.enum(IMPORT_LANGUAGES),
  ownerId: z.number().int(),
  ownerEmail: z.string().nullable(),
  defaultCategoryId: z.number().int().nullable(),
  categoryMapping: z.record(z.string(), z.number().int()),
  licence: z.string().nullable(),
  attribution: z.string().nullable(),
  publishAtOnce: z.boolean(),
  paused: z.boolean(),
  nextRunAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Events of the source now (active or waiting, not deleted). */
  eventCount: z.number().int(),
  lastRun: importRunSchema.nullable(),
});
export type ImportSource = z.infer<typeof importSourceSchema>;

export const importSourceResponseSchema = z.object({ source: importSourceSchema });
export const importSourcesResponseSchema = z.object({ sources: z.array(importSourceSchema) });
export const importRunResponseSchema = z.object({ run: importRunSchema });
export const importRunsResponseSchema = z.object({ runs: z.array(importRunSchema) });
export { idParamsSchema as importSourceIdParamsSchema } from './event-actions';

export { eventSourceSchema } from './events';

/**
 * A record linked to an existing event instead of creating a duplicate (issue 25), for the moderation queue: the
 * record (its source, its id there, its title), the event it was linked to, and whether it can be split at once
 * (links made before their record was kept cannot until their source runs again).
 */
export const importLinkSchema = z.object({
  id: z.number().int(),
  sourceId: z.number().int(),
  sourceName: z.string(),
  externalId: z.string(),
  /** The record's title as its source gave it. */
  title: z.string(),
  createdAt: z.string(),
  splittable: z.boolean(),
  event: z.object({
    id: z.number().int(),
    uuid: z.string(),
    handle: z.string(),
    titleFr: z.string(),
    /** Falls back to the French title when empty. */
    titleEn: z.string(),
  }),
});
export type ImportLink = z.infer<typeof importLinkSchema>;
export const importLinksResponseSchema = z.object({ links: z.array(importLinkSchema) });
/** The event a split created from the record. */
export const importLinkSplitResponseSchema = z.object({
  event: z.object({ id: z.number().int(), uuid: z.string(), handle: z.string(), active: z.boolean() }),
});
