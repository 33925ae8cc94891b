import { describe, expect, it } from 'vitest';
import { decodeMarkers, markersQuerySchema, tileBounds, tilesCovering } from './markers';

describe('marker tiles', () => {
  it('cuts the world as tile servers do', () => {
    expect(tileBounds(0, 0, 0)).toMatchObject({ west: -180, east: 180 });
    expect(tileBounds(0, 0, 0).north).toBeCloseTo(85.0511, 4);
    // Downtown Montréal at zoom 11: the tile OpenStreetMap serves as 11/605/732.
    expect(tilesCovering({ north: 45.5017, south: 45.5017, west: -73.5673, east: -73.5673 }, 11)).toEqual([
      { z: 11, x: 605, y: 732 },
    ]);
    const box = tileBounds(11, 605, 732);
    expect(box.west).toBeLessThan(-73.5673);
    expect(box.east).toBeGreaterThan(-73.5673);
    expect(box.south).toBeLessThan(45.5017);
    expect(box.north).toBeGreaterThan(45.5017);
  });

  it('covers a 1,280 × 800 view with at most 2 × 2 tiles three zooms out', () => {
    // A view at zoom 12 spans 1280 / 256 / 2^12 of the world's width.
    const width = (1280 / 256 / 2 ** 12) * 360;
    const height = (800 / 256 / 2 ** 12) * 360 * Math.cos((45.5 * Math.PI) / 180);
    for (const [lat, lng] of [
      [45.5, -73.57],
      [43.65, -79.38],
      [46.81, -71.21],
    ] as const) {
      const view = { north: lat + height / 2, south: lat - height / 2, west: lng - width / 2, east: lng + width / 2 };
      expect(tilesCovering(view, 9).length).toBeLessThanOrEqual(4);
    }
  });

  it('decodes the columnar answer: ids from their differences, coordinates from 1e-5 degrees', () => {
    expect(
      decodeMarkers({
        capped: false,
        id: [7, 3, 100],
        lat: [4550170, 4550000, -100],
        lng: [-7356730, -7350000, 0],
        category: [3, null, 1],
        handle: ['a', 'b', 'c'],
        title: ['A', 'B', 'C'],
        image: [0, -1, 0],
        images: ['/uploads/a/124.jpg'],
        access: [0, 3, 1 << 9],
        start: [1140, -1, 0],
      }),
    ).toEqual([
      {
        id: 7,
        latitude: 45.5017,
        longitude: -73.5673,
        categoryId: 3,
        handle: 'a',
        title: 'A',
        image: '/uploads/a/124.jpg',
        access: 0,
        start: 1140,
      },
      {
        id: 10,
        latitude: 45.5,
        longitude: -73.5,
        categoryId: null,
        handle: 'b',
        title: 'B',
        image: '',
        access: 3,
        start: -1,
      },
      {
        id: 110,
        latitude: -0.001,
        longitude: 0,
        categoryId: 1,
        handle: 'c',
        title: 'C',
        image: '/uploads/a/124.jpg',
        access: 512,
        start: 0,
      },
    ]);
  });

  it('reads its query from the URL, French titles by default', () => {
    expect(markersQuerySchema.parse({ day: '2026-11-28', z: '11', x: '605', y: '731' })).toEqual({
      day: '2026-11-28',
      z: 11,
      x: 605,
      y: 731,
      lang: 'fr',
    });
    expect(markersQuerySchema.safeParse({ day: '2026-11-28', z: '3', x: '8', y: '0' }).success).toBe(false);
  });
});
