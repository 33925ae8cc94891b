/**
 * The default geocoder, offline: prefix search over the Canadian gazetteer (GeoNames), ranked by match quality
 * then population; "street, city[, province]" keeps the street as the address. A trailing postal code is kept as
 * the zipcode of the places found and keeps them to its provinces (its first letter); the gazetteer has no
 * postal areas, so a postal code alone, or with a street only, finds nothing.
 */
import type { Province } from '@evmap/contract/enums';
import type { Place } from '@evmap/contract/places';
import { provincesOfPostalCode } from '@evmap/contract/postal-codes';
import { loadMunicipalities, type Municipality, normalizePlaceName, withoutApostrophes } from './gazetteer';
import { type Geocoder, placeLabel } from './geocoder';
import { provinceCode } from './provinces';

/** "… H3G 1H2", "… h3g1h2", "… H3G" at the end of the query (after a space, a comma or nothing). */
const TRAILING_POSTAL_CODE = /(?:^|[\s,])([ABCEGHJKLMNPRSTVXY]\d[A-Z])\s*(\d[A-Z]\d)?\s*$/i;

/** Words that start a street's name ("rue Sainte-Catherine", "Main Street" ends with one, never starts). */
const STREET_WORDS = new Set(
  [
    'rue',
    'avenue',
    'av',
    'ave',
    'boulevard',
    'boul',
    'blvd',
    'bd',
    'chemin',
    'ch',
    'route',
    'rang',
    'place',
    'montee',
    'cote',
    'allee',
    'impasse',
    'promenade',
    'croissant',
    'terrasse',
    'carre',
    'square',
    'rte',
  ].map((word) => normalizePlaceName(word)),
);

/** The provinces a search keeps; undefined keeps every one. */
type States = ReadonlySet<Province> | undefined;

/** `states` narrowed to `code`: empty when `code` is not among them. */
function narrow(states: States, code: Province): ReadonlySet<Province> {
  return new Set(!states || states.has(code) ? [code] : []);
}

type Match = { municipality: Municipality; tier: number };

export class BuiltinGeocoder implements Geocoder {
  private readonly municipalities: Municipality[];

  constructor(data?: { municipalities: Municipality[] }) {
    this.municipalities = data?.municipalities ?? loadMunicipalities();
  }

  async autocomplete(query: string, { limit }: { limit: number }): Promise<Place[]> {
    return this.search(query, limit);
  }

  /** Synchronous search (the data is in memory). */
  search(query: string, limit: number): Place[] {
    const postal = TRAILING_POSTAL_CODE.exec(query);
    let zipcode: string | null = null;
    let states: States;
    let text = query;
    if (postal) {
      const fsa = postal[1]!.toUpperCase();
      zipcode = postal[2] ? `${fsa} ${postal[2].toUpperCase()}` : fsa;
      states = new Set(provincesOfPostalCode(fsa));
      text = query.slice(0, postal.index);
    }
    const parts = text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const named = parts.length >= 2 ? provinceCode(parts.at(-1)) : undefined;
    if (named) {
      parts.pop();
      states = narrow(states, named);
    }
    if (parts.length === 0 || states?.size === 0) return [];
    const street = parts.length >= 2 ? parts.slice(0, -1).join(', ') : null;
    const cityPart = parts.at(-1)!;

    const cities = this.cities(cityPart, states, limit);
    if (cities.length > 0 || street !== null) return cities.map((m) => this.toPlace(m, street, zipcode));
    return this.streetThenCity(cityPart, states, limit, zipcode);
  }

  /** "1260 rue Sherbrooke O Montréal": the last words name a city exactly, the words before are the street. */
  private streetThenCity(text: string, states: States, limit: number, zipcode: string | null): Place[] {
    const words = text.split(/\s+/).filter(Boolean);
    for (let n = 1; n <= Math.min(4, words.length - 1); n++) {
      // "175 rue Sainte-Catherine": a name after "rue" is the street's, not the town of Sainte-Catherine.
      if (STREET_WORDS.has(normalizePlaceName(words.at(-n - 1) ?? ''))) continue;
      const city = words.slice(-n).join(' ');
      const keys = new Set(withoutApostrophes(city).map((c) => normalizePlaceName(c)));
      const exact = this.rank(city, states, limit).filter((m) => m.keys.some((k) => keys.has(k)));
      if (exact.length > 0) return exact.map((m) => this.toPlace(m, words.slice(0, -n).join(' '), zipcode));
    }
    return [];
  }

  /** Municipalities whose name starts with `text` (or one of its words does), best first. */
  cities(text: string, states: States, limit: number): Municipality[] {
    // "Gatineau QC", "london on": a trailing province code filters when something remains before it.
    const words = text.trim().split(/\s+/);
    const last = words.at(-1) ?? '';
    const trailing = words.length >= 2 && last.length === 2 ? provinceCode(last) : undefined;
    if (trailing) {
      const filtered = this.rank(words.slice(0, -1).join(' '), narrow(states, trailing), limit);
      if (filtered.length > 0) return filtered;
    }
    return this.rank(text, states, limit);
  }

  private rank(text: string, states: States, limit: number): Municipality[] {
    const spellings = withoutApostrophes(text);
    const variants = [
      ...new Set(spellings.flatMap((t) => [normalizePlaceName(t), normalizePlaceName(t, { expand: false })])),
    ].filter((v) => v.length > 0);
    if (variants.length === 0) return [];
    const matches: Match[] = [];
    for (const municipality of this.municipalities) {
      if (states && !states.has(municipality.state)) continue;
      const tier = bestTier(municipality.keys, variants);
      if (tier !== undefined) matches.push({ municipality, tier });
    }
    matches.sort((a, b) => a.tier - b.tier || b.municipality.population - a.municipality.population);
    // GeoNames has a few names twice in one province (Middleton, NS): one label, the most populous place.
    const seen = new Set<string>();
    const unique = matches.filter(({ municipality: m }) => {
      const label = `${m.name}/${m.state}`;
      if (seen.has(label)) return false;
      seen.add(label);
      return true;
    });
    return unique.slice(0, limit).map((m) => m.municipality);
  }

  private toPlace(m: Municipality, street: string | null, zipcode: string | null): Place {
    const place = {
      address: street,
      city: m.name,
      zipcode,
      state: m.state,
      country: 'CA' as const,
      latitude: m.latitude,
      longitude: m.longitude,
    };
    // The gazetteer knows municipalities: the point is the city's centre, whatever street was typed.
    return { label: placeLabel(place), ...place, precision: 'city' };
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
