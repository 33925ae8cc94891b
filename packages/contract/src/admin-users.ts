/** The admin area's user management (spec sections 5, 6, 7 and 9). */
import { z } from 'zod';
import { INT4_MAX, yearInRange } from './bounds';
import { ADMIN_USERS } from './constants';
import { planTypeSchema, userTypeSchema } from './enums';
import { paginationSchema } from './pagination';
import { ADMIN_USERS_TABLE_QUERY } from './table-query';
import { tableQueryShape } from './table-query-schema';
import { emailSchema, profileFieldsSchema, userSchema } from './users';

export { ADMIN_USERS };

/** `:id` of a user; anything but a positive integer answers "The id is invalid". */
export const userIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'idInvalid' })
    .int({ error: 'idInvalid' })
    .min(1, { error: 'idInvalid' })
    .max(INT4_MAX, { error: 'idInvalid' }),
});

export { ADMIN_USER_SORT_FIELDS, ADMIN_USER_TYPE_FILTERS } from './table-query';

/**
 * GET /connected/admin/users: search over name and email (accents and case ignored), filter by type, sorted by
 * `sortField` (id descending by default, like the events list; ties by id in the same direction; empty values
 * last in both directions). Administrators and deleted users are listed unless `creatorsOnly=true`, which
 * keeps only users that are neither (the event form's creator select sends it with `type=event-manager`:
 * an event's creator must be an event-manager).
 */
export const adminUsersQuerySchema = z.object({
  ...tableQueryShape(ADMIN_USERS_TABLE_QUERY),
  creatorsOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS.maxLimit).default(ADMIN_USERS.defaultLimit),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUsersListSchema = z.object({ users: z.array(userSchema), pagination: paginationSchema });
export type AdminUsersList = z.infer<typeof adminUsersListSchema>;

const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A day (`YYYY-MM-DD`, read as midnight UTC) or an instant with its offset; anything else answers
 * "The field must be a valid date", a year out of YEAR_MIN..YEAR_MAX its own message. Parsed to a Date.
 */
export const dateInputSchema = z
  .string({ error: 'dateInvalid' })
  .trim()
  .refine((v) => isoDate.safeParse(v).success || isoDateTime.safeParse(v).success, { error: 'dateInvalid' })
  .refine(yearInRange, { error: 'yearRange' })
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00.000Z` : v));

/** POST /connected/admin/users and PUT /connected/admin/users/:id: name and email required, like the account form. */
export const adminUserBodySchema = profileFieldsSchema.extend({
  name: z.string().trim().min(1).max(200),
  email: emailSchema,
  type: userTypeSchema.optional(),
  planType: planTypeSchema.nullable().optional(),
  trialEndedAt: dateInputSchema.nullable().optional(),
});
export type AdminUserBody = z.input<typeof adminUserBodySchema>;
/** The user form once parsed (trimmed, normalised, dates as Date). */
export type AdminUserValues = z.output<typeof adminUserBodySchema>;

/** PUT /connected/admin/users/:id/plans: sets the plan without charging (null: no plan). */
export const adminSetPlanSchema = z.object({ planType: planTypeSchema.nullable() });
export type AdminSetPlanBody = z.input<typeof adminSetPlanSchema>;
