/**
 * Google Places: Autocomplete (components=country:ca, types=geocode) then Details of each prediction for its
 * address components and location, under one session token (billed as one session).
 */
import { randomUUID } from 'node:crypto';
import type { Lang } from '@evmap/contract/enums';
import type { Place, PlacePrecision } from '@evmap/contract/places';
import { coordinates, type Geocoder, GeocoderUnavailableError, placeLabel, uniqueByLabel } from './geocoder';
import { fetchJson } from './http';
import { provinceCode } from './provinces';

/** Google answers at most 5 predictions; each needs a Details call. */
const MAX_DETAILS = 5;

type Component = { long_name?: string; short_name?: string; types?: string[] };
type Details = {
  address_components?: Component[];
  geometry?: { location?: { lat?: number; lng?: number } };
  types?: string[];
};

export function googlePlace(details: Details): Place | undefined {
  const parts = details.address_components ?? [];
  const find = (type: string) => parts.find((c) => c.types?.includes(type));
  if (find('country')?.short_name?.toUpperCase() !== 'CA') return undefined;
  const region = find('administrative_area_level_1');
  const state = provinceCode(region?.short_name) ?? provinceCode(region?.long_name);
  const point = coordinates(details.geometry?.location?.lat, details.geometry?.location?.lng);
  if (!state || !point) return undefined;
  const route = find('route')?.long_name;
  const address = route ? [find('street_number')?.long_name, route].filter(Boolean).join(' ') : null;
  const city =
    (find('locality') ?? find('postal_town') ?? find('sublocality') ?? find('administrative_area_level_3'))
      ?.long_name ?? null;
  const place = {
    address,
    city,
    zipcode: find('postal_code')?.long_name ?? null,
    state,
    country: 'CA' as const,
    ...point,
  };
  const types = details.types ?? [];
  const cityTypes = ['locality', 'postal_town', 'sublocality', 'administrative_area_level_3', 'political'];
  const precision: PlacePrecision = route
    ? find('street_number')
      ? 'address'
      : 'street'
    : types.includes('postal_code')
      ? 'postcode'
      : types.some((type) => cityTypes.includes(type)) || types.length === 0
        ? 'city'
        : 'venue';
  return { label: placeLabel(place), ...place, precision };
}

function checkStatus(body: unknown): { status: string } & Record<string, unknown> {
  const status = (body as { status?: unknown } | null)?.status;
  if (typeof status !== 'string') throw new GeocoderUnavailableError('malformed answer');
  if (status !== 'OK' && status !== 'ZERO_RESULTS') throw new GeocoderUnavailableError(`status ${status}`);
  return body as { status: string } & Record<string, unknown>;
}

export class GoogleGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs: number,
  ) {}

  private url(path: string, params: Record<string, string>): URL {
    const url = new URL(`${this.baseUrl}/maps/api/place/${path}/json`);
    for (const [name, value] of Object.entries({ ...params, key: this.apiKey })) url.searchParams.set(name, value);
    return url;
  }

  async autocomplete(query: string, { lang, limit }: { lang: Lang; limit: number }): Promise<Place[]> {
    const sessiontoken = randomUUID();
    const found = checkStatus(
      await fetchJson(
        this.url('autocomplete', {
          input: query,
          components: 'country:ca',
          types: 'geocode',
          language: lang,
          sessiontoken,
        }),
        { timeoutMs: this.timeoutMs },
      ),
    );
    const predictions = Array.isArray(found.predictions) ? (found.predictions as Array<{ place_id?: string }>) : [];
    const ids = predictions
      .map((p) => p.place_id)
      .filter((id): id is string => typeof id === 'string')
      .slice(0, Math.min(limit, MAX_DETAILS));
    const details = await Promise.all(
      ids.map(async (placeId) => {
        const body = checkStatus(
          await fetchJson(
            this.url('details', {
              place_id: placeId,
              fields: 'address_component,geometry',
              language: lang,
              sessiontoken,
            }),
            { timeoutMs: this.timeoutMs },
          ),
        );
        return body.result as Details | undefined;
      }),
    );
    const places = details.map((d) => (d ? googlePlace(d) : undefined)).filter((p): p is Place => !!p);
    return uniqueByLabel(places).slice(0, limit);
  }
}
