import { describe, expect, it } from 'vitest';
import { validStoredLocation } from './stored-location';

describe('stored location', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('is valid for 3 months, a refusal included', () => {
    const place = { location: { lat: 45.5, lng: -73.6 }, date: '2026-08-22T12:00:00Z' };
    expect(validStoredLocation(place, now)).toEqual(place);
    expect(validStoredLocation({ location: null, date: '2026-09-01T00:00:00Z' }, now)).toEqual({
      location: null,
      date: '2026-09-01T00:00:00Z',
    });
    expect(validStoredLocation({ ...place, date: '2026-08-21T11:00:00Z' }, now)).toBeNull();
  });

  it('ignores anything else', () => {
    expect(validStoredLocation(null, now)).toBeNull();
    expect(validStoredLocation({ location: 'x', date: '2026-11-01' }, now)).toBeNull();
    expect(validStoredLocation({ location: null, date: 'soon' }, now)).toBeNull();
  });
});
