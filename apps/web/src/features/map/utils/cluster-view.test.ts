import { describe, expect, it, vi } from 'vitest';
import { clusterKey, collectPoints, createPointCache, diffShown, paddedBbox, samePoints } from './cluster-view';

type E = { id: number; latitude: number | null; longitude: number | null };
const event = (id: number, latitude: number | null = 45 + id / 100, longitude: number | null = -73): E => ({
  id,
  latitude,
  longitude,
});

describe('map points', () => {
  it('collects the positioned markers in their order, one point per marker object', () => {
    const pointOf = createPointCache<E>();
    const markers = [event(3), event(2, null, null), event(1)];
    const points = collectPoints(markers, pointOf);
    expect(points.map((p) => p.properties.id)).toEqual([3, 1]);
    expect(points[0]?.geometry.coordinates).toEqual([-73, 45.03]);
    const again = collectPoints([...markers], pointOf);
    expect(samePoints(points, again)).toBe(true);
    expect(again[0]).toBe(points[0]);
  });

  it('notices a changed marker, a new one and a different order', () => {
    const pointOf = createPointCache<E>();
    const [one, three] = [event(1), event(3)];
    const points = collectPoints([one, three], pointOf);
    expect(samePoints(points, collectPoints([one, event(3)], pointOf))).toBe(false);
    expect(samePoints(points, collectPoints([one, three, event(5)], pointOf))).toBe(false);
    expect(samePoints(points, collectPoints([three, one], pointOf))).toBe(false);
    expect(samePoints(points, collectPoints([one, three], pointOf))).toBe(true);
  });
});

describe('padded bounding box', () => {
  it('widens the view on each side and reuses the array given', () => {
    const into: [number, number, number, number] = [0, 0, 0, 0];
    const box = paddedBbox({ west: -74, south: 45, east: -72, north: 46 }, 0.25, into);
    expect(box).toBe(into);
    expect(box).toEqual([-74.5, 44.75, -71.5, 46.25]);
  });

  it('keeps latitudes valid and takes the whole world when wider than it', () => {
    expect(paddedBbox({ west: -100, south: -80, east: 100, north: 85 }, 0.5)).toEqual([-180, -90, 180, 90]);
    expect(paddedBbox({ west: 170, south: 0, east: 178, north: 1 }, 0.5)).toEqual([166, -0.5, 182, 1.5]);
  });
});

describe('shown markers', () => {
  it('shows and hides only the difference', () => {
    const show = vi.fn();
    const hide = vi.fn();
    expect(diffShown(new Set([1, 2, 3]), new Set([2, 3, 4, 5]), show, hide)).toEqual({ shown: 2, hidden: 1 });
    expect(show.mock.calls).toEqual([[4], [5]]);
    expect(hide.mock.calls).toEqual([[1]]);
    expect(diffShown(new Set([7]), new Set([7]), show, hide)).toEqual({ shown: 0, hidden: 0 });
  });

  it('keys clusters by position', () => {
    expect(clusterKey(-73.5, 45.25)).toBe('-73.5,45.25');
    expect(clusterKey(-73.5, 45.25)).not.toBe(clusterKey(-73.5, 45.26));
  });
});
