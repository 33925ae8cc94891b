/** Map geometry helpers: search bounds, cluster radius, marker titles and image URLs. */
import { CLUSTER, MARKER_TITLE_MAX } from '@evmap/contract/constants';

export type Bounds = { northLat: number; eastLng: number; southLat: number; westLng: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Bounds rounded outward to whole degrees (spec section 9), kept within the valid ranges. */
export function roundBoundsOutward(b: Bounds): Bounds {
  return {
    northLat: clamp(Math.ceil(b.northLat), -90, 90),
    eastLng: clamp(Math.ceil(b.eastLng), -180, 180),
    southLat: clamp(Math.floor(b.southLat), -90, 90),
    westLng: clamp(Math.floor(b.westLng), -180, 180),
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
