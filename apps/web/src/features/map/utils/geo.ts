/** Map geometry and sizes: the view's bounds, the cluster radius and size class, the length of marker titles. */
import { CLUSTER, MARKER_TITLE_MAX } from '@evmap/contract/constants';

export type Bounds = { northLat: number; eastLng: number; southLat: number; westLng: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Bounds kept within the valid ranges, rounded to 1e-4 degrees (about 10 m: a view that did not move is equal). */
export function clampBounds(b: Bounds): Bounds {
  const round = (value: number) => Math.round(value * 1e4) / 1e4;
  return {
    northLat: clamp(round(b.northLat), -90, 90),
    eastLng: clamp(round(b.eastLng), -180, 180),
    southLat: clamp(round(b.southLat), -90, 90),
    westLng: clamp(round(b.westLng), -180, 180),
  };
}

/** Cluster radius from 50 (phones) to 100 (wide screens). */
export function clusterRadius(windowWidth: number): number {
  const t = clamp((windowWidth - 480) / (1440 - 480), 0, 1);
  return Math.round(CLUSTER.minRadius + t * (CLUSTER.maxRadius - CLUSTER.minRadius));
}

/** Size class of a cluster: small, medium above 10, big above 25. */
export function clusterSize(count: number): 'small' | 'medium' | 'big' {
  if (count > CLUSTER.bigAbove) return 'big';
  if (count > CLUSTER.mediumAbove) return 'medium';
  return 'small';
}

/** A marker title: at most MARKER_TITLE_MAX characters, then an ellipsis. */
export function markerTitle(title: string): string {
  return title.length > MARKER_TITLE_MAX ? `${title.slice(0, MARKER_TITLE_MAX)}…` : title;
}
