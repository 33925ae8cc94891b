/**
 * The event form's schema: the screen's values (days and times apart, see event-form-values.ts)
 * checked with the date rules of spec section 5 on the fields the user sees, then turned into the
 * contract's event body and checked by the same schema the API validates with (owner, admin create or
 * admin edit), so the form shows the API's messages before the API is asked.
 */
import { ACCESS_FEATURES, STEP_FREE_VALUES } from '@evmap/contract/accessibility';
import { dateProblem, type EventDate } from '@evmap/contract/event-dates';
import {
  adminCreateEventBodySchema,
  adminUpdateEventBodySchema,
  type Event,
  ownerEventBodySchema,
} from '@evmap/contract/events';
import { z } from 'zod';
import { compareText } from '@/lib/compare-text';
import { fromWallClock, toWallClock } from './date-rules';
import type { EventFormValues } from './event-form-values';

/** Which body the form sends: an owner's event, or an administrator's new or edited one. */
export type EventBodyKind = 'owner' | 'admin-create' | 'admin-edit';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** One date of the screen, with the first broken rule on the field the user changes to fix it. */
const dateFormSchema = z
  .object({
    startDay: z.string().regex(DAY, { error: 'dateFormat' }),
    startTime: z.string().regex(TIME, { error: 'dateTimeFormat' }),
    endDay: z.string().regex(DAY, { error: 'dateFormat' }),
    endTime: z.string().regex(TIME, { error: 'dateTimeFormat' }),
  })
  .superRefine((date, ctx) => {
    const problem = dateProblem(toWallClock(date) as EventDate);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        path: [problem.field === 'startDate' ? 'startTime' : 'endTime'],
        message: problem.key,
      });
    }
  });

const formFields = {
  titleFr: z.string(),
  titleEn: z.string(),
  descriptionFr: z.string(),
  descriptionEn: z.string(),
  categoryId: z.number().int().positive().nullable(),
  price: z.string(),
  phoneNumber: z.string(),
  website: z.string(),
  externalLink: z.string(),
  images: z.array(z.object({ imagePath: z.string(), imageUrl: z.string() })),
  address: z.string(),
  city: z.string(),
  zipcode: z.string(),
  state: z.string(),
  country: z.literal('CA'),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  dates: z.array(dateFormSchema),
  recurring: z.enum(['none', 'daily', 'weekly', 'bi-weekly', 'monthly']),
  accessibility: z.object({
    stepFree: z.enum(['unknown', ...STEP_FREE_VALUES]),
    features: z.array(z.enum(ACCESS_FEATURES)),
    noteFr: z.string(),
    noteEn: z.string(),
  }),
  active: z.boolean(),
  creatorId: z.number().int().positive().nullable(),
};

/** The screen's values → the event body (admin fields only for admin bodies). */
export function toEventBody(values: EventFormValues, kind: EventBodyKind) {
  const body = {
    titleFr: values.titleFr,
    titleEn: values.titleEn,
    descriptionFr: values.descriptionFr,
    descriptionEn: values.descriptionEn,
    categoryId: values.categoryId,
    address: values.address,
    city: values.city,
    zipcode: values.zipcode,
    state: values.state,
    country: values.country,
    latitude: values.latitude,
    longitude: values.longitude,
    price: values.price,
    phoneNumber: values.phoneNumber,
    website: values.website,
    externalLink: values.externalLink,
    images: values.images.map((image, orderIdx) => ({ imagePath: image.imagePath, orderIdx })),
    dates: values.dates.map(toWallClock),
    recurring: values.recurring,
    accessibility: {
      stepFree: values.accessibility.stepFree === 'unknown' ? null : values.accessibility.stepFree,
      // In the list's order, whatever the order they were ticked in.
      features: ACCESS_FEATURES.filter((feature) => values.accessibility.features.includes(feature)),
      noteFr: values.accessibility.noteFr,
      noteEn: values.accessibility.noteEn,
    },
  };
  return kind === 'owner' ? body : { ...body, active: values.active, creatorId: values.creatorId };
}

const bodySchemas = {
  owner: ownerEventBodySchema,
  'admin-create': adminCreateEventBodySchema,
  'admin-edit': adminUpdateEventBodySchema,
} as const;

/** The form schema for `kind`: the screen's rules, then the contract's body schema. */
export function eventFormSchema<K extends EventBodyKind>(kind: K) {
  // The admin bodies take two more fields than the owner's: each kind's body fits its own schema.
  const body = bodySchemas[kind] as unknown as z.ZodType<
    z.output<(typeof bodySchemas)[K]>,
    ReturnType<typeof toEventBody>
  >;
  return z
    .object(formFields)
    .transform((values) => toEventBody(values as EventFormValues, kind))
    .pipe(body);
}

/**
 * The form field of an API error key: `dates.2.endDate` → `dates.2.endTime`, `images.0.imagePath` →
 * `images`; the other keys are the fields' own names.
 */
export function eventServerField(key: string): string {
  const date = /^dates\.(\d+)\.(startDate|endDate)$/.exec(key);
  if (date) return `dates.${date[1]}.${date[2] === 'startDate' ? 'startTime' : 'endTime'}`;
  if (key.startsWith('images')) return 'images';
  if (key.startsWith('accessibility.features')) return 'accessibility.features';
  return key;
}

/** The form's values for an existing event, as the API answered it. */
export function eventToValues(event: Event): EventFormValues {
  return {
    titleFr: event.titleFr,
    // The API answers the French title as the English one when there is none: show the field empty then.
    titleEn: event.titleEn === event.titleFr ? '' : event.titleEn,
    descriptionFr: event.descriptionFr ?? '',
    descriptionEn: event.descriptionEn === event.descriptionFr ? '' : (event.descriptionEn ?? ''),
    categoryId: event.categoryId,
    price: event.price ?? '',
    phoneNumber: event.phoneNumber ?? '',
    website: event.website ?? '',
    externalLink: event.externalLink ?? '',
    images: [...event.images]
      .sort((a, b) => a.orderIdx - b.orderIdx)
      .map((image) => ({ imagePath: image.imagePath, imageUrl: image.imageUrl })),
    address: event.address ?? '',
    city: event.city ?? '',
    zipcode: event.zipcode ?? '',
    state: event.state as EventFormValues['state'],
    country: 'CA',
    latitude: event.latitude,
    longitude: event.longitude,
    dates: [...event.dates].sort((a, b) => compareText(a.startDate, b.startDate)).map(fromWallClock),
    recurring: event.recurring ?? 'none',
    accessibility: {
      stepFree: event.accessibility.stepFree ?? 'unknown',
      features: [...event.accessibility.features],
      noteFr: event.accessibility.noteFr ?? '',
      // The API answers the French note as the English one when there is none: show the field empty then.
      noteEn: event.accessibility.noteEn === event.accessibility.noteFr ? '' : (event.accessibility.noteEn ?? ''),
    },
    active: event.active,
    creatorId: event.creatorId,
  };
}
