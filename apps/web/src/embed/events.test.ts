import { afterEach, describe, expect, it, vi } from 'vitest';
import { areaAround, eventsOfArea } from './events';

afterEach(() => vi.unstubAllGlobals());

/** A columnar markers answer of `markers` (ids ascending, as the API sends them). */
function answer(
  markers: Array<{ id: number; lat: number; lng: number; title: string; start: number }>,
  capped = false,
) {
  let previous = 0;
  return {
    capped,
    id: markers.map((marker) => {
      const delta = marker.id - previous;
      previous = marker.id;
      return delta;
    }),
    lat: markers.map((marker) => Math.round(marker.lat * 1e5)),
    lng: markers.map((marker) => Math.round(marker.lng * 1e5)),
    category: markers.map(() => null),
    handle: markers.map((marker) => `event-${marker.id}`),
    title: markers.map((marker) => marker.title),
    image: markers.map(() => -1),
    images: [],
    access: markers.map(() => 0),
    start: markers.map((marker) => marker.start),
  };
}

describe('the events of an area', () => {
  it('asks the tiles covering it with the filter, keeps the markers inside, once each, soonest first', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      asked.push(input);
      expect(init.credentials).toBe('omit');
      expect(new Headers(init.headers).get('Accept-Language')).toBe('en');
      const inside = { id: 7, lat: 45.5, lng: -73.6, title: 'Late concert', start: 20 * 60 };
      const early = { id: 9, lat: 45.51, lng: -73.55, title: 'Morning market', start: 8 * 60 };
      const ongoing = { id: 12, lat: 45.52, lng: -73.58, title: 'Exhibition', start: -1 };
      const outside = { id: 30, lat: 46.8, lng: -71.2, title: 'In Québec', start: 600 };
      return new Response(JSON.stringify(answer([inside, early, ongoing, outside], asked.length === 2)));
    });
    const bounds = { west: -73.7, south: 45.4, east: -73.5, north: 45.6 };
    const { capped, markers } = await eventsOfArea(bounds, 12, {
      day: 'now',
      lang: 'en',
      category: 3,
      q: 'jazz',
      access: ['stepFree', 'asl'],
    });
    expect(markers.map((marker) => marker.title)).toEqual(['Exhibition', 'Morning market', 'Late concert']);
    expect(capped).toBe(asked.length >= 2);
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked) {
      expect(url).toMatch(
        /^\/api\/v1\/public\/events\/markers\?day=now&z=9&x=\d+&y=\d+&lang=en&category=3&q=jazz&access=stepFree%2Casl$/,
      );
    }
  });

  it('fails when the API does', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 429 }));
    await expect(
      eventsOfArea({ west: -73.7, south: 45.4, east: -73.5, north: 45.6 }, 12, {
        day: '2030-03-01',
        lang: 'fr',
        category: null,
        q: '',
        access: [],
      }),
    ).rejects.toThrow('HTTP 429');
  });

  it('measures the area a view shows around a centre', () => {
    const area = areaAround({ lat: 45.5, lng: -73.6 }, 12, 512, 512);
    // 512 pixels at zoom 12 span 360 / 2^12 * 2 degrees of longitude.
    expect(area.east - area.west).toBeCloseTo((360 / 2 ** 12) * 2, 6);
    expect(area.north).toBeGreaterThan(45.5);
    expect(area.south).toBeLessThan(45.5);
  });
});
