/** Place autocomplete for the event form: rate-limited per address, answered by the configured geocoder. */
import type { Lang } from '@evmap/contract/enums';
import { PLACES_LIMIT, type Place } from '@evmap/contract/places';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { type Geocoder, GeocoderUnavailableError } from './geocoder';

export type PlacesDeps = Pick<FastifyInstance, 'rateLimiter'> & { geocoder: Geocoder; log: FastifyBaseLogger };

/** One call per keystroke (debounced by the client): 120 a minute per address. */
export const PLACES_RATE_LIMIT = { limit: 120, windowMs: 60_000 };

/** GET /public/places/autocomplete: 503 `unavailable` when the geocoder cannot answer. */
export async function autocompletePlaces(deps: PlacesDeps, query: string, lang: Lang, ip: string): Promise<Place[]> {
  await deps.rateLimiter.consume({ key: `places-ip:${ip}`, ...PLACES_RATE_LIMIT });
  try {
    return await deps.geocoder.autocomplete(query, { lang, limit: PLACES_LIMIT });
  } catch (error) {
    if (!(error instanceof GeocoderUnavailableError)) throw error;
    deps.log.warn({ err: error }, 'geocoder unavailable');
    throw new AppError(503, { global: { key: 'unavailable' } }, { 'retry-after': '5' });
  }
}
