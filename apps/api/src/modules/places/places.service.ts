/** Place autocomplete for the event form: rate-limited per address, answered by the configured geocoder. */
import type { Lang } from '@evmap/contract/enums';
import { PLACES_LIMIT, type Place } from '@evmap/contract/places';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { type Geocoder, GeocoderUnavailableError, placeLabel } from './geocoder';

export type PlacesDeps = Pick<FastifyInstance, 'rateLimiter'> & { geocoder: Geocoder; log: FastifyBaseLogger };

/** One call per keystroke (debounced by the client): 120 a minute per address. */
export const PLACES_RATE_LIMIT = { limit: 120, windowMs: 60_000 };

/** GET /public/places/autocomplete: 503 `unavailable` when the geocoder cannot answer. */
export async function autocompletePlaces(deps: PlacesDeps, query: string, lang: Lang, ip: string): Promise<Place[]> {
  await deps.rateLimiter.consume({ key: `places-ip:${ip}`, ...PLACES_RATE_LIMIT });
  try {
    return await streetThenCity(deps.geocoder, query, lang);
  } catch (error) {
    if (!(error instanceof GeocoderUnavailableError)) throw error;
    deps.log.warn({ err: error }, 'geocoder unavailable');
    throw new AppError(503, { global: { key: 'unavailable' } }, { 'retry-after': '5' });
  }
}

/**
 * The address typed is searched first ("175 rue Sainte-Catherine, Montréal"); when the geocoder finds
 * nothing, the text after the first comma (the city) is searched, and its places keep the street typed as
 * their address: the point is then the city's centre (precision `city`), which the form says.
 */
export async function streetThenCity(geocoder: Geocoder, query: string, lang: Lang): Promise<Place[]> {
  const places = await geocoder.autocomplete(query, { lang, limit: PLACES_LIMIT });
  const comma = query.indexOf(',');
  if (places.length > 0 || comma < 0) return places;
  const street = query.slice(0, comma).trim();
  const city = query.slice(comma + 1).trim();
  if (!street || city.length < 2) return places;
  const cities = await geocoder.autocomplete(city, { lang, limit: PLACES_LIMIT });
  return cities
    .filter((place) => place.precision === undefined || place.precision === 'city' || place.precision === 'postcode')
    .map((place) => {
      const withStreet = { ...place, address: street, precision: 'city' as const };
      return { ...withStreet, label: placeLabel(withStreet) };
    });
}
