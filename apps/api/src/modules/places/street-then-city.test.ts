import type { Place } from '@evmap/contract/places';
import { describe, expect, it } from 'vitest';
import { BuiltinGeocoder } from './builtin-geocoder';
import type { Geocoder } from './geocoder';
import { streetThenCity } from './places.service';

const MONTREAL: Place = {
  label: 'Montréal, QC',
  address: null,
  city: 'Montréal',
  zipcode: null,
  state: 'QC',
  country: 'CA',
  latitude: 45.50884,
  longitude: -73.58781,
  precision: 'city',
};
const DOOR: Place = {
  ...MONTREAL,
  label: '175 Rue Sainte-Catherine Ouest, Montréal, QC',
  address: '175 Rue Sainte-Catherine Ouest',
  latitude: 45.50811,
  longitude: -73.56641,
  precision: 'address',
};

/** A public geocoder as seen from here: answers by query, and records what it was asked. */
function geocoderAnswering(answers: Record<string, Place[]>) {
  const asked: string[] = [];
  const geocoder: Geocoder = {
    autocomplete: async (query) => {
      asked.push(query);
      return answers[query] ?? [];
    },
  };
  return { geocoder, asked };
}

describe('the typed address, then the city (issue 27, item 1)', () => {
  it('answers the street address when the geocoder finds it, without asking for the city', async () => {
    const { geocoder, asked } = geocoderAnswering({ '175 rue Sainte-Catherine, Montréal': [DOOR] });
    expect(await streetThenCity(geocoder, '175 rue Sainte-Catherine, Montréal', 'fr')).toEqual([DOOR]);
    expect(asked).toEqual(['175 rue Sainte-Catherine, Montréal']);
  });

  it('falls back to the city, keeping the street typed as the address and saying the point is the centre', async () => {
    const { geocoder, asked } = geocoderAnswering({ Montréal: [MONTREAL] });
    const places = await streetThenCity(geocoder, '9999 rue Inconnue, Montréal', 'fr');
    expect(asked).toEqual(['9999 rue Inconnue, Montréal', 'Montréal']);
    expect(places).toEqual([
      { ...MONTREAL, label: '9999 rue Inconnue, Montréal, QC', address: '9999 rue Inconnue', precision: 'city' },
    ]);
  });

  it('asks nothing more for a text without a comma', async () => {
    const { geocoder, asked } = geocoderAnswering({});
    expect(await streetThenCity(geocoder, 'Place des Arts', 'fr')).toEqual([]);
    expect(asked).toEqual(['Place des Arts']);
  });
});

describe('the built-in gazetteer and street names', () => {
  const builtin = new BuiltinGeocoder();

  it('does not take "175 rue Sainte-Catherine" for the town of Sainte-Catherine', () => {
    expect(builtin.search('175 rue Sainte-Catherine', 10)).toEqual([]);
  });

  it('keeps the street of "175 rue Sainte-Catherine, Montréal", at the centre of Montréal', () => {
    const [place] = builtin.search('175 rue Sainte-Catherine, Montréal', 10);
    expect(place).toMatchObject({ address: '175 rue Sainte-Catherine', city: 'Montréal', precision: 'city' });
  });
});
