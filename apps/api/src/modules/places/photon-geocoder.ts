/**
 * Photon (OpenStreetMap, photon.komoot.io or a self-hosted instance): GET /api?q=&lang=&limit=&bbox=&osm_tag=.
 * The bounding box keeps the search over Canada; answers outside Canada (border towns) are dropped.
 */
import type { Lang } from '@evmap/contract/enums';
import type { Place, PlacePrecision } from '@evmap/contract/places';
import { coordinates, type Geocoder, GeocoderUnavailableError, placeLabel, uniqueByLabel } from './geocoder';
import { fetchJson } from './http';
import { provinceCode } from './provinces';

/** Canada: west, south, east, north. */
export const CANADA_BBOX = [-141.01, 41.67, -52.62, 83.11] as const;
/** Boundaries and transit stops are not addresses. */
const EXCLUDED_TAGS = ['!boundary', '!public_transport', '!highway:bus_stop'];

type PhotonFeature = {
  geometry?: { coordinates?: [number, number] };
  properties?: {
    countrycode?: string;
    name?: string;
    housenumber?: string;
    street?: string;
    postcode?: string;
    city?: string;
    district?: string;
    locality?: string;
    county?: string;
    state?: string;
    type?: string;
  };
};

export function photonPlace(feature: PhotonFeature): Place | undefined {
  const p = feature.properties ?? {};
  if (p.countrycode?.toUpperCase() !== 'CA') return undefined;
  const state = provinceCode(p.state);
  const point = coordinates(feature.geometry?.coordinates?.[1], feature.geometry?.coordinates?.[0]);
  if (!state || !point) return undefined;
  const isCity = p.type === 'city' || p.type === 'locality' || p.type === 'district';
  const city = p.city ?? (isCity ? p.name : undefined) ?? p.locality ?? p.district ?? null;
  const street = p.street ?? (p.type === 'street' ? p.name : undefined);
  const address = street ? [p.housenumber, street].filter(Boolean).join(' ') : isCity ? null : (p.name ?? null);
  const precision: PlacePrecision = street
    ? p.housenumber
      ? 'address'
      : 'street'
    : isCity
      ? 'city'
      : p.type === 'postcode'
        ? 'postcode'
        : 'venue';
  const place = { address, city, zipcode: p.postcode ?? null, state, country: 'CA' as const, ...point };
  return { label: placeLabel(place), ...place, precision };
}

export class PhotonGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async autocomplete(query: string, { lang, limit }: { lang: Lang; limit: number }): Promise<Place[]> {
    const url = new URL(`${this.baseUrl}/api`);
    url.searchParams.set('q', query);
    url.searchParams.set('lang', lang);
    url.searchParams.set('limit', String(limit * 2));
    url.searchParams.set('bbox', CANADA_BBOX.join(','));
    for (const tag of EXCLUDED_TAGS) url.searchParams.append('osm_tag', tag);
    const body = (await fetchJson(url, { timeoutMs: this.timeoutMs })) as { features?: unknown };
    if (!Array.isArray(body?.features)) throw new GeocoderUnavailableError('malformed answer');
    const places = (body.features as PhotonFeature[]).map(photonPlace).filter((p): p is Place => !!p);
    return uniqueByLabel(places).slice(0, limit);
  }
}
