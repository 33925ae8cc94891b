/**
 * Pure helpers of the map's markers and clusters: the supercluster points of the latest ids (one point object
 * per event object, so an unchanged set is noticed without rebuilding the index), the bounding box queried
 * around the view, cluster keys and the difference between the markers shown before and after an update.
 */
import type Supercluster from 'supercluster';

export type Point = Supercluster.PointFeature<{ id: number }>;

type Located = { id: number; latitude: number | null; longitude: number | null };

/** A point per event object, made once: a changed event (a new object) gets a new point. */
export function createPointCache<E extends Located>(): (event: E) => Point {
  const points = new WeakMap<E, Point>();
  return (event) => {
    let point = points.get(event);
    if (!point) {
      point = {
        type: 'Feature',
        properties: { id: event.id },
        geometry: { type: 'Point', coordinates: [event.longitude ?? 0, event.latitude ?? 0] },
      };
      points.set(event, point);
    }
    return point;
  };
}

/** The points of the markers that have a position, in their order. */
export function collectPoints<E extends Located>(markers: Iterable<E>, pointOf: (event: E) => Point): Point[] {
  const points: Point[] = [];
  for (const marker of markers) {
    if (marker.latitude == null || marker.longitude == null) continue;
    points.push(pointOf(marker));
  }
  return points;
}

/** True when both lists hold the same point objects in the same order. */
export function samePoints(a: readonly Point[], b: readonly Point[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The box [west, south, east, north] of the view widened by `ratio` of its width and height on each side,
 * latitudes kept within ±90, written into `into` (reused between moves).
 */
export function paddedBbox(
  view: { west: number; south: number; east: number; north: number },
  ratio: number,
  into: [number, number, number, number] = [0, 0, 0, 0],
): [number, number, number, number] {
  const dLng = (view.east - view.west) * ratio;
  const dLat = (view.north - view.south) * ratio;
  into[0] = view.west - dLng;
  into[1] = Math.max(-90, view.south - dLat);
  into[2] = view.east + dLng;
  into[3] = Math.min(90, view.north + dLat);
  // Wider than the world: the whole world (supercluster would otherwise wrap the box onto itself).
  if (into[2] - into[0] >= 360) {
    into[0] = -180;
    into[2] = 180;
  }
  return into;
}

/** The key of a cluster between updates: its position (an unchanged cluster keeps it at every zoom). */
export const clusterKey = (lng: number, lat: number): string => `${lng},${lat}`;

/**
 * Calls `hide` for each id of `before` missing from `after` and `show` for each id of `after` missing from
 * `before`; ids in both are left alone. Answers how many were hidden and shown.
 */
export function diffShown(
  before: ReadonlySet<number>,
  after: ReadonlySet<number>,
  show: (id: number) => void,
  hide: (id: number) => void,
): { shown: number; hidden: number } {
  let hidden = 0;
  let shown = 0;
  for (const id of before) {
    if (!after.has(id)) {
      hide(id);
      hidden += 1;
    }
  }
  for (const id of after) {
    if (!before.has(id)) {
      show(id);
      shown += 1;
    }
  }
  return { shown, hidden };
}
