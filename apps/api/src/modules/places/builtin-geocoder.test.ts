import { PROVINCE_CODES } from '@evmap/contract/enums';
import { placeSchema } from '@evmap/contract/places';
import { describe, expect, it } from 'vitest';
import { BuiltinGeocoder } from './builtin-geocoder';
import { loadMunicipalities, loadPostalDistricts, normalizePlaceName } from './gazetteer';
import { provinceCode } from './provinces';

const geocoder = new BuiltinGeocoder();
const labels = (query: string, limit = 10) => geocoder.search(query, limit).map((p) => p.label);

describe('the gazetteer files', () => {
  const municipalities = loadMunicipalities();
  const districts = loadPostalDistricts();

  it('hold hundreds of places in Canada, in every province and territory', () => {
    expect(municipalities.length).toBeGreaterThan(700);
    expect(new Set(municipalities.map((m) => m.state))).toEqual(new Set(PROVINCE_CODES));
    for (const m of municipalities) {
      expect(m.latitude, m.name).toBeGreaterThan(41.6);
      expect(m.latitude, m.name).toBeLessThan(83.2);
      expect(m.longitude, m.name).toBeGreaterThan(-141.1);
      expect(m.longitude, m.name).toBeLessThan(-52.6);
      expect(m.population, m.name).toBeGreaterThan(0);
    }
    const names = municipalities.map((m) => `${m.name}/${m.state}`);
    expect(names.length).toBe(new Set(names).size);
  });

  it('map postal areas to a listed place nearby, with the province of their first letter', () => {
    const firstLetter: Record<string, string[]> = {
      A: ['NL'],
      B: ['NS'],
      C: ['PE'],
      E: ['NB'],
      G: ['QC'],
      H: ['QC'],
      J: ['QC'],
      K: ['ON'],
      L: ['ON'],
      M: ['ON'],
      N: ['ON'],
      P: ['ON'],
      R: ['MB'],
      S: ['SK'],
      T: ['AB'],
      V: ['BC'],
      X: ['NT', 'NU'],
      Y: ['YT'],
    };
    expect(districts.size).toBeGreaterThan(500);
    for (const district of districts.values()) {
      expect(firstLetter[district.prefix[0]!], district.prefix).toContain(district.state);
      const place = municipalities.find((m) => m.name === district.city && m.state === district.state);
      expect(place, `${district.prefix} ${district.city}`).toBeDefined();
      expect(Math.abs(place!.latitude - district.latitude), district.prefix).toBeLessThan(0.35);
      expect(Math.abs(place!.longitude - district.longitude), district.prefix).toBeLessThan(0.35);
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

  it('keeps the street of "street, city" as the address', () => {
    const [place] = geocoder.search('1260 rue Sherbrooke O, Montréal', 10);
    expect(place).toEqual({
      label: '1260 rue Sherbrooke O, Montréal, QC',
      address: '1260 rue Sherbrooke O',
      city: 'Montréal',
      zipcode: null,
      state: 'QC',
      country: 'CA',
      latitude: 45.5017,
      longitude: -73.5673,
    });
    expect(labels('100 Queen St W, Toronto, ON')).toEqual(['100 Queen St W, Toronto, ON']);
    expect(labels('100 Queen St W Toronto')).toEqual(['100 Queen St W, Toronto, ON']);
    expect(labels('12 rue Principale Saint-Sauveur')).toEqual(['12 rue Principale, Saint-Sauveur, QC']);
  });

  it('resolves postal codes through their area', () => {
    expect(geocoder.search('h3g 1h2', 10)).toEqual([
      {
        label: 'Montréal, QC H3G 1H2',
        address: null,
        city: 'Montréal',
        zipcode: 'H3G 1H2',
        state: 'QC',
        country: 'CA',
        latitude: 45.5,
        longitude: -73.58,
      },
    ]);
    expect(labels('V6B1A1')).toEqual(['Vancouver, BC V6B 1A1']);
    expect(labels('J4W')).toEqual(['Brossard, QC J4W']);
    expect(labels('K2K 3G4')).toEqual(['Kanata, ON K2K 3G4']);
    expect(labels('1260 rue Sherbrooke O, H3G 1H2')).toEqual(['1260 rue Sherbrooke O, Montréal, QC H3G 1H2']);
    expect(labels('A0A 1A0')).toEqual([]);
    expect(labels('H3G 1H2, ON')).toEqual([]);
  });

  it('answers nothing for text that names no place', () => {
    expect(labels('zzzz')).toEqual([]);
    expect(labels(',,,')).toEqual([]);
    expect(labels('Berlin, Deutschland')).toEqual([]);
  });
});
