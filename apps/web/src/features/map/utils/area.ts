/** The list's area when the map has not been shown yet, and distances for its order. */
import { MAP } from '@evmap/contract/constants';
import type { MapView } from '../hooks/use-map-markers';
import type { LatLng } from '../hooks/use-search-store';
import { clampBounds } from './geo';

/** The window the map would open in (a 1,280 × 800 view), for an area without a map. */
const VIEW_PX = { width: 1280, height: 800 };

/** The area the map would show first: around the location at its zoom, or the default view. */
export function areaAround(location: LatLng | null): MapView {
  const center = location ?? MAP.defaultCenter;
  const zoom = location ? MAP.initialZoomWithLocation : MAP.initialZoom;
  const degreesPerPx = 360 / (256 * 2 ** zoom);
  const halfWidth = (VIEW_PX.width / 2) * degreesPerPx;
  const halfHeight = (VIEW_PX.height / 2) * degreesPerPx * Math.cos((center.lat * Math.PI) / 180);
  const bounds = clampBounds({
    northLat: center.lat + halfHeight,
    southLat: center.lat - halfHeight,
    eastLng: center.lng + halfWidth,
    westLng: center.lng - halfWidth,
  });
  return { bounds, zoom };
}

/** The great-circle distance between two points, in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
