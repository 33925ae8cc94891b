/** Payloads of the actions around an event: statistics, reports, favourites and the admin event list. */
import { z } from 'zod';
import { INT4_MAX } from './constants';
import { eventSchema } from './events';
import { paginationSchema } from './pagination';
import { SIGNAL_REASONS } from './signal-reasons';

export { isUuid } from './uuid';

/** `:uuid` of an event; a malformed one is simply not found (404). */
export const eventUuidParamsSchema = z.object({ uuid: z.string().max(64).meta({ format: 'uuid' }) });

/** POST /public/events/{uuid}/signal: the body is optional, its reason too. */
// Fastify hands a missing body over as null.
export const signalBodySchema = z
  .object({ reason: z.enum(SIGNAL_REASONS).optional() })
  .strict()
  .nullish();
/** `:id` of an event, a saved card or an invoice: a positive integer that fits the database's ids. */
export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'idInvalid' })
    .int({ error: 'idInvalid' })
    .positive({ error: 'idInvalid' })
    .max(INT4_MAX, { error: 'idInvalid' }),
});

/** GET /connected/events/{id}/stats and /connected/admin/events/{id}/stats return at most this many rows (the latest). */
export const EVENT_STATS_MAX_ROWS = 10_000;

/** GET /connected/events/favorite returns at most this many favourites (the latest). */
export const FAVORITES_MAX = 500;

/** GET /connected/events/id/{id}/favorite */
export const favoriteStateResponseSchema = z.object({ isFavorite: z.boolean() });
export type FavoriteState = z.infer<typeof favoriteStateResponseSchema>;

/** GET /connected/admin/events: one page of events (deleted ones included, with their creator). */
export const adminEventsListSchema = z.object({ events: z.array(eventSchema), pagination: paginationSchema });
export type AdminEventsList = z.infer<typeof adminEventsListSchema>;
