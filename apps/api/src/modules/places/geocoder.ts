/** The place autocomplete interface, implemented by the built-in gazetteer and by public geocoders. */
import type { Lang } from '@evmap/contract/enums';
import type { Place } from '@evmap/contract/places';

export interface Geocoder {
  /** Places in Canada matching `query`, best first, at most `limit`. Throws GeocoderUnavailableError. */
  autocomplete(query: string, options: { lang: Lang; limit: number }): Promise<Place[]>;
}

/** The geocoder could not answer (network error, timeout, error status, malformed answer). */
export class GeocoderUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`geocoder unavailable: ${reason}`, options);
    this.name = 'GeocoderUnavailableError';
  }
}

/** "1260 Rue Sherbrooke O, Montréal, QC H3G 1H2": the parts that exist, joined. */
export function placeLabel(place: Pick<Place, 'address' | 'city' | 'state' | 'zipcode'>): string {
  const region = [place.state, place.zipcode].filter(Boolean).join(' ');
  return [place.address, place.city, region].filter(Boolean).join(', ');
}

/** Rounds coordinates to 6 decimals (about 10 cm) and checks they are numbers in range. */
export function coordinates(lat: unknown, lng: unknown): { latitude: number; longitude: number } | undefined {
  const latitude = typeof lat === 'string' ? Number(lat) : lat;
  const longitude = typeof lng === 'string' ? Number(lng) : lng;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { latitude: round(latitude), longitude: round(longitude) };
}

/** Drops places that repeat an earlier label. */
export function uniqueByLabel(places: Place[]): Place[] {
  const seen = new Set<string>();
  return places.filter((p) => {
    if (seen.has(p.label)) return false;
    seen.add(p.label);
    return true;
  });
}
