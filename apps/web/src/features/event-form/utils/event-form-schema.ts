/**
 * The event form's schema: the screen's values (days and times apart, see event-form-values.ts)
 * checked with the date rules of spec section 5 on the fields the user sees, then turned into the
 * contract's event body (event-form-body.ts) and checked by the same schema the API validates with (owner, admin
 * create or admin edit), so the form shows the API's messages before the API is asked. Loaded with the form's first
 * check (zod and the contract's schemas: about 25 KB gzipped), not with the form.
 */
import { ACCESS_FEATURES, STEP_FREE_VALUES } from '@evmap/contract/access-features';
import { dateProblem, type EventDate } from '@evmap/contract/event-date-rules';
import { adminCreateEventBodySchema, adminUpdateEventBodySchema, ownerEventBodySchema } from '@evmap/contract/events';
import { z } from 'zod';
import { toWallClock } from './date-rules';
import { type EventBodyKind, toEventBody } from './event-form-body';
import type { EventFormValues } from './event-form-values';

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
