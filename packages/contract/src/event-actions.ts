/** Payloads of the actions around an event: statistics, reports, favourites and the admin event list. */
import { z } from 'zod';
import { eventSchema } from './events';
import { paginationSchema } from './pagination';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical text form (event uuids, the X-Session-Id header). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** `:uuid` of an event; a malformed one is simply not found (404). */
export const eventUuidParamsSchema = z.object({ uuid: z.string().max(64).meta({ format: 'uuid' }) });

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
