/**
 * The admin dashboard and its moderation queue (issue "Admin area"): counts administrators open the
 * dashboard for, and the events reported by visitors, most reported first.
 */
import { z } from 'zod';
import { MODERATION } from './constants';
import { PLAN_TYPES } from './enums';
import { eventSchema } from './events';
import { paginationSchema } from './pagination';
import { SIGNAL_REASONS } from './signal-reasons';
import { MODERATION_TABLE_QUERY } from './table-query';
import { tableQueryShape } from './table-query-schema';

/** GET /connected/admin/dashboard */
export const adminDashboardSchema = z.object({
  counts: z.object({
    /** Active, not deleted events with a date today (in each event's zone). */
    eventsToday: z.number().int(),
    /** Active, not deleted events with a date in the 7 days from today (the map's week). */
    eventsThisWeek: z.number().int(),
    /** Event-managers (not deleted, not admins) by plan; `none` for no plan. */
    organisersByPlan: z.record(z.enum([...PLAN_TYPES, 'none']), z.number().int()),
    /** Accounts created in the last 7 days. */
    newAccountsThisWeek: z.number().int(),
    /** Events waiting in the moderation queue. */
    reportedEvents: z.number().int(),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export { MODERATION };

/** GET /connected/admin/moderation?page=&limit=: not deleted events with reports, most reported first. */
export const moderationQuerySchema = z.object({
  ...tableQueryShape(MODERATION_TABLE_QUERY),
  limit: z.coerce.number().int().min(1).max(MODERATION.maxLimit).default(MODERATION.defaultLimit),
});

export const moderationListSchema = z.object({
  events: z.array(
    eventSchema.extend({
      lastSignaledAt: z.string(),
      /** How many reports gave each reason, most given first. */
      signalReasons: z.array(
        z.object({ reason: z.enum([...SIGNAL_REASONS, 'unspecified']), count: z.number().int().min(1) }),
      ),
    }),
  ),
  pagination: paginationSchema,
});
export type ModerationList = z.infer<typeof moderationListSchema>;
