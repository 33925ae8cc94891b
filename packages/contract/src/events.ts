/** The event entity (spec section 3), owner and admin bodies, search and statistics payloads. */
import { z } from 'zod';
import { dbIdSchema, dbIntSchema, INT4_MAX, yearInRange } from './bounds';

export { paginationSchema } from './pagination';

import { ACCESS_FILTERS, accessibilityInputSchema, accessibilitySchema } from './accessibility';
import { ADMIN_EVENTS, EVENT_DATES_MAX } from './constants';
import { CLICK_VALUES, provinceSchema, recurringSchema, VIEW_VALUES } from './enums';
import { dateProblem, type EventDate, eventDateSchema } from './event-dates';
import { ADMIN_EVENTS_TABLE_QUERY } from './table-query';
import { tableQueryShape } from './table-query-schema';
import { optionalText, phoneSchema, websiteSchema } from './users';

export const eventImageSchema = z.object({
  imagePath: z.string(),
  imageUrl: z.string(),
  orderIdx: z.number().int(),
  formats: z.array(z.number().int()),
});

/** The import source of an imported event (issue 25): its credit, shown on the event's page and modal. */
export const eventSourceSchema = z.object({
  name: z.string(),
  licence: z.string().nullable(),
  attribution: z.string().nullable(),
  url: z.string(),
});

/** The texts of an event that exist in each language (French is required; English falls back to it). */
export const TRANSLATED_FIELDS = ['title', 'description', 'accessNote'] as const;
export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];

export const eventSchema = z.object({
  id: z.number().int(),
  uuid: z.string().meta({ format: 'uuid' }),
  handle: z.string(),
  active: z.boolean(),
  titleFr: z.string(),
  /** Falls back to the French title when empty. */
  titleEn: z.string(),
  descriptionFr: z.string().nullable(),
  /** Falls back to the French description when empty. */
  descriptionEn: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  state: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  price: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  website: z.string().nullable(),
  externalLink: z.string().nullable(),
  images: z.array(eventImageSchema),
  dates: z.array(z.object({ startDate: z.string(), endDate: z.string().nullable() })),
  recurring: recurringSchema.nullable(),
  creatorId: z.number().int().nullable(),
  /** Only for the owner and administrators. */
  creator: z
    .object({ id: z.number().int(), email: z.string().meta({ format: 'email' }) })
    .nullable()
    .optional(),
  /** ISO instants; only for the owner and administrators. */
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  signaledCount: z.number().int(),
  deletedAt: z.string().nullable(),
  externalSource: z.string().nullable(),
  externalId: z.string().nullable(),
  eventStatCount: z.object({ viewCount: z.number().int() }),
  /** IANA zone of the event's province. */
  timeZone: z.string(),
  /** The latest end has passed (or there are no dates), in the event's zone. */
  isPast: z.boolean(),
  /** Accessibility attributes (issue 24); nothing ticked: stepFree null, features []. */
  accessibility: accessibilitySchema,
  /** Only for an imported event: where it comes from, with the licence and attribution its source asks for. */
  source: eventSourceSchema.optional(),
  /**
   * Per language, the texts that show the other language's original because they were not written in this one
   * (issue 25: a source in one language fills that one), for a "not translated" mark. French is always written.
   */
  untranslated: z.object({
    en: z.array(z.enum(TRANSLATED_FIELDS)),
    fr: z.array(z.enum(TRANSLATED_FIELDS)),
  }),
});
export type Event = z.infer<typeof eventSchema>;

/** Latitude/longitude: zero or out-of-range values are ignored (stored as no coordinate). */
const coordinate = (limit: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => {
      const n = typeof v === 'string' ? Number(v) : v;
      return typeof n === 'number' && Number.isFinite(n) && n !== 0 && Math.abs(n) <= limit ? n : null;
    });

const imageInputSchema = z.object({ imagePath: z.string().min(1).max(300), orderIdx: dbIntSchema() });

/** One date with the rules of spec section 5, checked on each date so they show with any other error. */
const ruledDateSchema = eventDateSchema.superRefine((date, ctx) => {
  const problem = dateProblem(date as EventDate);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.key });
});

const eventFields = {
  titleFr: z.string({ error: 'titleRequired' }).trim().min(1, { error: 'titleRequired' }).max(200),
  titleEn: optionalText(200),
  descriptionFr: optionalText(10_000),
  descriptionEn: optionalText(10_000),
  categoryId: dbIdSchema().nullable().optional(),
  address: optionalText(300),
  city: optionalText(120),
  zipcode: optionalText(20),
  state: provinceSchema.optional().default('QC'),
  country: z.literal('CA').optional().default('CA'),
  latitude: coordinate(90),
  longitude: coordinate(180),
  price: optionalText(200),
  phoneNumber: phoneSchema,
  website: websiteSchema,
  externalLink: websiteSchema,
  images: z.array(imageInputSchema).max(10).optional().default([]),
  dates: z.array(ruledDateSchema).max(EVENT_DATES_MAX).optional().default([]),
  recurring: recurringSchema.nullable().optional(),
  /** Absent: nothing ticked (a save without it clears what was ticked). */
  accessibility: accessibilityInputSchema.optional(),
};

/**
 * POST /connected/events and PUT /connected/events/{id}: titleFr required. `confirmCharge`: under the unit plan,
 * the owner agreed that this save is a new publication, charged (a new place, or dates beyond those published).
 */
export const ownerEventBodySchema = z.object({ ...eventFields, confirmCharge: z.boolean().optional() });
export type OwnerEventBody = z.input<typeof ownerEventBodySchema>;
export type OwnerEventInput = z.output<typeof ownerEventBodySchema>;

const adminFields = {
  ...eventFields,
  active: z.boolean().optional(),
  creatorId: dbIdSchema().nullable().optional(),
};

/** POST /connected/admin/events: only titleFr required. */
export const adminCreateEventBodySchema = z.object(adminFields);

/** PUT /connected/admin/events/{id}: titleFr, categoryId, non-empty dates and address required. */
export const adminUpdateEventBodySchema = z.object({
  ...adminFields,
  categoryId: z
    .number({ error: 'categoryRequired' })
    .int()
    .positive({ error: 'categoryRequired' })
    .max(INT4_MAX, { error: 'max' }),
  dates: z.array(ruledDateSchema, { error: 'datesRequired' }).min(1, { error: 'datesRequired' }).max(EVENT_DATES_MAX),
  address: z.string({ error: 'addressRequired' }).trim().min(1, { error: 'addressRequired' }).max(300),
});
export type AdminEventInput = z.output<typeof adminCreateEventBodySchema>;

export const eventResponseSchema = z.object({ event: eventSchema });
export const eventsResponseSchema = z.object({ events: z.array(eventSchema) });

/** At most this many events in one `GET /public/events/by-ids` (a list's next page, details on demand). */
export const EVENTS_BY_IDS_MAX = 60;

/** `?ids=3,17,42`: the events to read, in the order wanted. */
export const eventsByIdsQuerySchema = z.strictObject({
  ids: z
    .string({ error: 'fieldRequired' })
    .max(EVENTS_BY_IDS_MAX * 11, { error: 'fieldInvalid' })
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: 'fieldInvalid' })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= EVENTS_BY_IDS_MAX && ids.every((id) => id >= 1 && id <= 2_147_483_647), {
      error: 'fieldInvalid',
    })
    .meta({ description: `Comma-separated event ids, at most ${EVENTS_BY_IDS_MAX}` }),
});

/** Map bounds as the client sends them (rounded outward to whole degrees). */
export const mapBoundsSchema = z
  .object({
    northLat: z.number().min(-90).max(90),
    eastLng: z.number().min(-180).max(180),
    southLat: z.number().min(-90).max(90),
    westLng: z.number().min(-180).max(180),
  })
  .refine((b) => b.southLat <= b.northLat, { path: ['southLat'], message: 'fieldInvalid' });

import { DAY_NOW, SEARCH_MAX_EXCLUDE, SEARCH_TEXT_MAX } from './constants';

export {
  DAY_NOW,
  NOW_AHEAD_HOURS,
  SEARCH_MAX_EVENTS,
  SEARCH_MAX_EXCLUDE,
  SEARCH_MAX_IDS,
  SEARCH_TEXT_MAX,
} from './constants';

/** A real calendar day (`YYYY-MM-DD`) of a year from 1900 to 2999: the map's day. */
export const calendarDaySchema = () =>
  z
    .string({ error: 'dateFormat' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'dateFormat' })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      { error: 'dateFormat' },
    )
    .refine(yearInRange, { error: 'yearRange' })
    // What the checks above accept, for the OpenAPI document: a real calendar day of a year from 1900 to 2999.
    .meta({ format: 'date', pattern: '^(19[0-9]{2}|2[0-9]{3})-[0-9]{2}-[0-9]{2}$' });

/**
 * The map's day, or `now` (DAY_NOW): the events in progress at this moment in their own time zone and those starting
 * within the next NOW_AHEAD_HOURS hours (not those later today, nor those already over). Same messages as a day.
 */
export const dayOrNowSchema = () =>
  z
    .union([z.literal(DAY_NOW), calendarDaySchema()], {
      error: (issue) => (issue.code === 'invalid_union' ? 'dateFormat' : undefined),
    })
    .meta({ description: `A calendar day (YYYY-MM-DD), or "${DAY_NOW}"` });

/**
 * Words to find in the events' titles, descriptions, organiser and place, in French or English (accents, case and
 * each language's word endings ignored); trimmed, at most SEARCH_TEXT_MAX characters; empty means no text filter.
 */
export const searchTextSchema = () =>
  z
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX)
    .meta({
      description: `Words to find (French or English), at most ${SEARCH_TEXT_MAX} characters; empty: no filter`,
    });

export const searchBodySchema = z.object({
  mapBounds: mapBoundsSchema,
  categoryId: dbIdSchema().nullable().optional(),
  selectedDay: dayOrNowSchema(),
  /** Optional: older clients send none. When given, the events are ranked by relevance (then by id). */
  text: searchTextSchema().optional(),
  excludeIds: z.array(dbIdSchema()).max(SEARCH_MAX_EXCLUDE).optional().default([]),
  /** Accessibility attributes every event must have ("stepFree": a step-free entrance, "yes"). */
  access: z.array(z.enum(ACCESS_FILTERS)).max(ACCESS_FILTERS.length).optional().default([]),
});
export type SearchBody = z.input<typeof searchBodySchema>;

export const searchResponseSchema = z.object({
  events: z.array(eventSchema),
  eventIds: z.array(z.number().int()),
  /** True when more events matched than SEARCH_MAX_IDS (ids) or SEARCH_MAX_EVENTS (full events): zoom in. */
  capped: z.boolean(),
});

export const statBodySchema = z
  .object({
    type: z.enum(['view', 'click', 'btn_click']),
    value: z.enum([...VIEW_VALUES, ...CLICK_VALUES]),
  })
  .superRefine((b, ctx) => {
    const allowed: readonly string[] = b.type === 'view' ? VIEW_VALUES : CLICK_VALUES;
    if (!allowed.includes(b.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'enumInvalid', params: { values: [...allowed] } });
    }
  });

export const eventStatsResponseSchema = z.object({
  eventStats: z.array(z.object({ type: z.string(), date: z.string(), count: z.number().int(), value: z.string() })),
});

/** The views of each own event over the last 7 days (today included, in the event's zone); events without any are left out. */
export const ownEventViewsResponseSchema = z.object({
  views: z.array(z.object({ eventId: z.number().int(), lastSevenDays: z.number().int() })),
});
export type OwnEventViews = z.infer<typeof ownEventViewsResponseSchema>;

export { ADMIN_EVENT_SORT_FIELDS } from './table-query';

export const adminEventsQuerySchema = z.object({
  ...tableQueryShape(ADMIN_EVENTS_TABLE_QUERY),
  limit: z.coerce.number().int().min(1).max(ADMIN_EVENTS.maxLimit).optional().default(ADMIN_EVENTS.defaultLimit),
});
