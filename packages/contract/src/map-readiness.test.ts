import { describe, expect, it } from 'vitest';
import { mapBlockers, mapBlockersKey } from './map-readiness';

const date = { startDate: '2030-01-01 10:00:00', endDate: null };

describe('mapBlockers', () => {
  it('finds nothing missing with a point and a date', () => {
    expect(mapBlockers({ latitude: 45.5, longitude: -73.6, dates: [date] })).toEqual([]);
    expect(mapBlockersKey([])).toBeNull();
  });

  it('names the place and the date of an event saved with only its French title', () => {
    const blockers = mapBlockers({ latitude: null, longitude: null, dates: [] });
    expect(blockers).toEqual(['place', 'date']);
    expect(mapBlockersKey(blockers)).toBe('placeAndDate');
  });

  it('ignores zero and out-of-range coordinates as the map does', () => {
    expect(mapBlockers({ latitude: 0, longitude: -73.6, dates: [date] })).toEqual(['place']);
    expect(mapBlockers({ latitude: 95, longitude: -73.6, dates: [date] })).toEqual(['place']);
    expect(mapBlockersKey(['place'])).toBe('place');
    expect(mapBlockersKey(['date'])).toBe('date');
  });
});
