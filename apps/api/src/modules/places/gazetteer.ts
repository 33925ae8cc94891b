/**
 * The built-in Canadian gazetteer: GeoNames' populated places (name, province, centre, population), read once
 * from assets/places/ca-places.csv, which `npm run places:generate` writes (see gazetteer-source.ts).
 * Matching ignores case, accents, punctuation and "St"/"Saint" spellings.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Province } from '@evmap/contract/enums';
import { ASSETS_DIR } from '../../lib/paths';
import { foldText } from '../../lib/text';
import { provinceCode } from './provinces';

export type Municipality = {
  /** GeoNames id. */
  geonameId: number;
  name: string;
  state: Province;
  latitude: number;
  longitude: number;
  population: number;
  /** Normalised name and aliases. */
  keys: string[];
};

export const PLACES_DIR = path.join(ASSETS_DIR, 'places');

const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', mt: 'mount', ft: 'fort' };

/** "Saint-Jean-sur-Richelieu", "St-Jean sur Richelieu", "ST. JEAN" -> "saint jean sur richelieu". */
export function normalizePlaceName(value: string, options: { expand?: boolean } = {}): string {
  const words = foldText(value)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  return (options.expand === false ? words : words.map((w) => ABBREVIATIONS[w] ?? w)).join(' ');
}

/** "St. John's" is typed "st johns" as often as "st john s": both spellings are keys. */
export function withoutApostrophes(value: string): string[] {
  const joined = value.replace(/['’`]/g, '');
  return joined === value ? [value] : [value, joined];
}

function readCsv(file: string): string[][] {
  const text = readFileSync(path.join(PLACES_DIR, file), 'utf8');
  return text
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split(',').map((cell) => cell.trim()));
}

function province(value: string | undefined, file: string, row: number): Province {
  const code = provinceCode(value);
  if (!code) throw new Error(`${file}: bad province "${value}" on data row ${row + 1}`);
  return code;
}

function number(value: string | undefined, file: string, row: number): number {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(n)) {
    throw new Error(`${file}: bad number "${value}" on data row ${row + 1}`);
  }
  return n;
}

/** ca-places.csv: geonameid,name,province,latitude,longitude,population,aliases (aliases separated by ';'). */
export function loadMunicipalities(file = 'ca-places.csv'): Municipality[] {
  return readCsv(file).map(([id, name, prov, lat, lng, pop, aliases], row) => {
    if (!name) throw new Error(`${file}: empty name on data row ${row + 1}`);
    const names = [name, ...(aliases ? aliases.split(';') : [])].filter(Boolean).flatMap(withoutApostrophes);
    return {
      geonameId: number(id, file, row),
      name,
      state: province(prov, file, row),
      latitude: number(lat, file, row),
      longitude: number(lng, file, row),
      population: number(pop, file, row),
      keys: [...new Set(names.map((n) => normalizePlaceName(n)))],
    };
  });
}
