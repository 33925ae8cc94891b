/**
 * The default geocoder, offline: prefix search over the Canadian gazetteer, ranked by match quality then
 * population; "street, city[, province]" keeps the street as the address; postal codes resolve through
 * their forward sortation area (or its two-character district) to an approximate centre.
 */
import type { Province } from '@evmap/contract/enums';
import type { Place } from '@evmap/contract/places';
import {
  loadMunicipalities,
  loadPostalDistricts,
  type Municipality,
  normalizePlaceName,
  type PostalDistrict,
  withoutApostrophes,
} from './gazetteer';
import { type Geocoder, placeLabel } from './geocoder';
import { provinceCode } from './provinces';

const POSTAL_CODE = /^([ABCEGHJKLMNPRSTVXY]\d[A-Z])\s*(\d[A-Z]\d)?$/i;

type Match = { municipality: Municipality; tier: number };

export class BuiltinGeocoder implements Geocoder {
  private readonly municipalities: Municipality[];
  private readonly districts: Map<string, PostalDistrict>;

  constructor(data?: { municipalities: Municipality[]; districts: Map<string, PostalDistrict> }) {
    this.municipalities = data?.municipalities ?? loadMunicipalities();
    this.districts = data?.districts ?? loadPostalDistricts();
  }

  async autocomplete(query: string, { limit }: { limit: number }): Promise<Place[]> {
    return this.search(query, limit);
  }

  /** Synchronous search (the data is in memory). */
  search(query: string, limit: number): Place[] {
    const parts = query
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    let state: Province | undefined;
    if (parts.length >= 2 && provinceCode(parts.at(-1))) state = provinceCode(parts.pop());
    if (parts.length === 0) return [];
    const street = parts.length >= 2 ? parts.slice(0, -1).join(', ') : null;
    const cityPart = parts.at(-1)!;

    const postal = this.postalCode(cityPart, street);
    if (postal) return state && postal.state !== state ? [] : [postal];

    const cities = this.cities(cityPart, state, limit);
    if (cities.length > 0 || street !== null) return cities.map((m) => this.toPlace(m, street));
    return this.streetThenCity(cityPart, state, limit);
  }

  /** "1260 rue Sherbrooke O Montréal": the last words name a city exactly, the words before are the street. */
  private streetThenCity(text: string, state: Province | undefined, limit: number): Place[] {
    const words = text.split(/\s+/).filter(Boolean);
    for (let n = 1; n <= Math.min(4, words.length - 1); n++) {
      const city = words.slice(-n).join(' ');
      const keys = new Set(withoutApostrophes(city).map((c) => normalizePlaceName(c)));
      const exact = this.rank(city, state, limit).filter((m) => m.keys.some((k) => keys.has(k)));
      if (exact.length > 0) return exact.map((m) => this.toPlace(m, words.slice(0, -n).join(' ')));
    }
    return [];
  }

  /** Municipalities whose name starts with `text` (or one of its words does), best first. */
  cities(text: string, state: Province | undefined, limit: number): Municipality[] {
    // "Gatineau QC", "london on": a trailing province code filters when something remains before it.
    const words = text.trim().split(/\s+/);
    const last = words.at(-1) ?? '';
    const trailing = !state && words.length >= 2 && last.length === 2 ? provinceCode(last) : undefined;
    if (trailing) {
      const filtered = this.rank(words.slice(0, -1).join(' '), trailing, limit);
      if (filtered.length > 0) return filtered;
    }
    return this.rank(text, state, limit);
  }

  private rank(text: string, state: Province | undefined, limit: number): Municipality[] {
    const spellings = withoutApostrophes(text);
    const variants = [
      ...new Set(spellings.flatMap((t) => [normalizePlaceName(t), normalizePlaceName(t, { expand: false })])),
    ].filter((v) => v.length > 0);
    if (variants.length === 0) return [];
    const matches: Match[] = [];
    for (const municipality of this.municipalities) {
      if (state && municipality.state !== state) continue;
      const tier = bestTier(municipality.keys, variants);
      if (tier !== undefined) matches.push({ municipality, tier });
    }
    matches.sort((a, b) => a.tier - b.tier || b.municipality.population - a.municipality.population);
    return matches.slice(0, limit).map((m) => m.municipality);
  }

  private postalCode(text: string, street: string | null): Place | undefined {
    const match = POSTAL_CODE.exec(text.trim());
    if (!match) return undefined;
    const fsa = match[1]!.toUpperCase();
    const district = this.districts.get(fsa) ?? this.districts.get(fsa.slice(0, 2));
    if (!district) return undefined;
    const zipcode = match[2] ? `${fsa} ${match[2].toUpperCase()}` : fsa;
    const place = {
      address: street,
      city: district.city,
      zipcode,
      state: district.state,
      country: 'CA' as const,
      latitude: district.latitude,
      longitude: district.longitude,
    };
    return { label: placeLabel(place), ...place };
  }

  private toPlace(m: Municipality, street: string | null): Place {
    const place = {
      address: street,
      city: m.name,
      zipcode: null,
      state: m.state,
      country: 'CA' as const,
      latitude: m.latitude,
      longitude: m.longitude,
    };
    return { label: placeLabel(place), ...place };
  }
}

/** 0: exact name; 1: the name starts with the query; 2: a later word of the name does; undefined: no match. */
function bestTier(keys: string[], variants: string[]): number | undefined {
  let best: number | undefined;
  for (const key of keys) {
    for (const variant of variants) {
      let tier: number | undefined;
      if (key === variant) tier = 0;
      else if (key.startsWith(variant)) tier = 1;
      else if (key.includes(` ${variant}`)) tier = 2;
      if (tier !== undefined && (best === undefined || tier < best)) best = tier;
    }
  }
  return best;
}
