/**
 * The events of an area for the embed page: the marker tiles covering it (shared with the map's, so cached alike),
 * the markers inside the area, soonest first.
 */
import { type Marker, markerTileZoom, tilesCovering } from '@evmap/contract/marker-tiles';
import type { EmbedBounds } from '@/lib/embed-url';
import { getTile, type TileQuery } from './api';

export type AreaEvents = { capped: boolean; markers: Marker[] };

/** The markers of the tiles covering `bounds` at the tile zoom of a map at `zoom`, inside the bounds. */
export async function eventsOfArea(bounds: EmbedBounds, zoom: number, query: TileQuery): Promise<AreaEvents> {
  const tiles = tilesCovering(bounds, markerTileZoom(zoom));
  const answers = await Promise.all(tiles.map((tile) => getTile(tile, query)));
  const seen = new Set<number>();
  const markers: Marker[] = [];
  for (const answer of answers) {
    for (const marker of answer.markers) {
      if (seen.has(marker.id)) continue;
      seen.add(marker.id);
      const inside =
        marker.latitude >= bounds.south &&
        marker.latitude <= bounds.north &&
        marker.longitude >= bounds.west &&
        marker.longitude <= bounds.east;
      if (inside) markers.push(marker);
    }
  }
  // Soonest first (those already started before those of the day), then by title.
  markers.sort((a, b) => a.start - b.start || a.title.localeCompare(b.title));
  return { capped: answers.some((answer) => answer.capped), markers };
}

/** The area a view of `width` × `height` pixels around `center` at `zoom` shows (Web Mercator, 256-pixel tiles). */
export function areaAround(center: { lat: number; lng: number }, zoom: number, width: number, height: number) {
  const degreesPerPx = 360 / (256 * 2 ** zoom);
  const halfWidth = (Math.max(width, 320) / 2) * degreesPerPx;
  const halfHeight = (Math.max(height, 240) / 2) * degreesPerPx * Math.cos((center.lat * Math.PI) / 180);
  return {
    west: Math.max(-180, center.lng - halfWidth),
    east: Math.min(180, center.lng + halfWidth),
    south: Math.max(-85, center.lat - halfHeight),
    north: Math.min(85, center.lat + halfHeight),
  };
}
