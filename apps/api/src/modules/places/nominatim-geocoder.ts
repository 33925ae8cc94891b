/**
 * Nominatim (OpenStreetMap): GET /search?q=&format=jsonv2&addressdetails=1&countrycodes=ca&limit=&accept-language=.
 * The public instance asks for an identifying User-Agent and at most one request a second.
 */
import type { Lang } from '@evmap/contract/enums';
import type { Place, PlacePrecision } from '@evmap/contract/places';
import { coordinates, type Geocoder, GeocoderUnavailableError, placeLabel, uniqueByLabel } from './geocoder';
import { fetchJson } from './http';
import { provinceCode } from './provinces';

type NominatimResult = {
  lat?: string;
  lon?: string;
  name?: string;
  addresstype?: string;
  address?: Record<string, string | undefined>;
};

const CITY_KEYS = ['city', 'town', 'village', 'municipality', 'hamlet', 'suburb'] as const;
const CITY_TYPES = new Set(['city', 'town', 'village', 'municipality', 'hamlet', 'suburb', 'neighbourhood']);

export function nominatimPlace(result: NominatimResult): Place | undefined {
  const a = result.address ?? {};
  if (a.country_code?.toLowerCase() !== 'ca') return undefined;
  const state = provinceCode(a['ISO3166-2-lvl4']) ?? provinceCode(a.state);
  const point = coordinates(result.lat, result.lon);
  if (!state || !point) return undefined;
  const city = CITY_KEYS.map((k) => a[k]).find(Boolean) ?? null;
  const isCity = CITY_TYPES.has(result.addresstype ?? '');
  const address = a.road
    ? [a.house_number, a.road].filter(Boolean).join(' ')
    : isCity || result.addresstype === 'postcode'
      ? null
      : (result.name ?? null);
  const precision: PlacePrecision = a.road
    ? a.house_number
      ? 'address'
      : 'street'
    : isCity
      ? 'city'
      : result.addresstype === 'postcode'
        ? 'postcode'
        : 'venue';
  const place = { address, city, zipcode: a.postcode ?? null, state, country: 'CA' as const, ...point };
  return { label: placeLabel(place), ...place, precision };
}

export class NominatimGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly userAgent: string,
  ) {}

  async autocomplete(query: string, { lang, limit }: { lang: Lang; limit: number }): Promise<Place[]> {
    const url = new URL(`${this.baseUrl}/search`);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('addressdetails', '1');
    url.searchParams.set('countrycodes', 'ca');
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('accept-language', lang);
    const body = await fetchJson(url, { timeoutMs: this.timeoutMs, headers: { 'user-agent': this.userAgent } });
    if (!Array.isArray(body)) throw new GeocoderUnavailableError('malformed answer');
    const places = (body as NominatimResult[]).map(nominatimPlace).filter((p): p is Place => !!p);
    return uniqueByLabel(places).slice(0, limit);
  }
}
