/**
 * The map's marker answers without zod (the web app's map loads this, not the schemas of markers.ts): the constants,
 * the tiles a view asks for, the columnar answer decoded into markers, and the live change a stream sends.
 */

/** The tile zooms served: 3 (a few provinces) to 14 (a neighbourhood). */
export const MARKER_TILE_ZOOM = { min: 3, max: 14 } as const;
/**
 * At most this many markers per answer: past it, `capped` says to zoom in. Higher than the search's 5,000 ids: the
 * tiles of a wide view (a province at zoom 8 asks tiles of zoom 5) are few and shared by every visitor, so they are
 * nearly always cached, and a capped answer would show clusters counting only part of the events.
 */
export const MARKERS_MAX = 20_000;
/**
 * A marker answer's titles are cut to this many characters: more than a marker shows (MARKER_TITLE_MAX of
 * constants.ts, the spec's 40 and an ellipsis, which the map adds when a title is longer), so that the list shows
 * more of a title until the event's details arrive; the modal shows it whole.
 */
export const MARKER_ANSWER_TITLE_MAX = 60;
/** How long browsers and CDNs may serve an answer without asking again (seconds); then they revalidate (ETag). */
export const MARKERS_MAX_AGE_S = 15;

/** The columnar answer (markersResponseSchema of markers.ts). */
export type MarkersAnswer = {
  capped: boolean;
  id: number[];
  lat: number[];
  lng: number[];
  category: (number | null)[];
  handle: string[];
  title: string[];
  /** Each marker's cover as an index into `images`, or -1 without one. */
  image: number[];
  /** The distinct cover addresses of the answer (events often share one: a category's default, an organiser's). */
  images: string[];
  /** Each event's accessibility mask (accessibility.ts: accessOfMask). */
  access: number[];
  /** When each event starts on the day, in minutes after midnight at its place; -1 when it began the day before. */
  start: number[];
};

export type Marker = {
  id: number;
  latitude: number;
  longitude: number;
  categoryId: number | null;
  handle: string;
  title: string;
  /** The cover image's address at the marker's width, or '' without a cover. */
  image: string;
  /** The event's accessibility mask (accessibility.ts: accessOfMask gives its attributes). */
  access: number;
  /** When it starts on the day, in minutes after midnight at its place; -1 when it began the day before. */
  start: number;
};

/** The markers of an answer, as objects. */
export function decodeMarkers(answer: MarkersAnswer): Marker[] {
  const markers: Marker[] = [];
  let id = 0;
  for (let i = 0; i < answer.id.length; i++) {
    id += answer.id[i]!;
    markers.push({
      id,
      latitude: answer.lat[i]! / 1e5,
      longitude: answer.lng[i]! / 1e5,
      categoryId: answer.category[i] ?? null,
      handle: answer.handle[i]!,
      title: answer.title[i]!,
      image: answer.images[answer.image[i] ?? -1] ?? '',
      access: answer.access[i] ?? 0,
      start: answer.start[i] ?? -1,
    });
  }
  return markers;
}

/** The bounds of tile `z/x/y` (Web Mercator, as tile servers cut it). */
export function tileBounds(
  z: number,
  x: number,
  y: number,
): { north: number; south: number; west: number; east: number } {
  const n = 2 ** z;
  const latitude = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return { north: latitude(y), south: latitude(y + 1), west: (x / n) * 360 - 180, east: ((x + 1) / n) * 360 - 180 };
}

/** The tiles of zoom `z` covering the bounds, west to east then north to south. */
export function tilesCovering(
  bounds: { north: number; south: number; west: number; east: number },
  z: number,
): Array<{ z: number; x: number; y: number }> {
  const n = 2 ** z;
  const clampLat = (lat: number) => Math.max(-85.05112878, Math.min(85.05112878, lat));
  const column = (lng: number) => Math.min(n - 1, Math.max(0, Math.floor(((lng + 180) / 360) * n)));
  const row = (lat: number) => {
    const rad = (clampLat(lat) * Math.PI) / 180;
    return Math.min(n - 1, Math.max(0, Math.floor(((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n)));
  };
  const tiles: Array<{ z: number; x: number; y: number }> = [];
  for (let y = row(bounds.north); y <= row(bounds.south); y++) {
    for (let x = column(bounds.west); x <= column(bounds.east); x++) tiles.push({ z, x, y });
  }
  return tiles;
}

/** The zoom of the tiles a map at `viewZoom` asks for: three levels out, within the zooms served. */
export function markerTileZoom(viewZoom: number): number {
  return Math.min(MARKER_TILE_ZOOM.max, Math.max(MARKER_TILE_ZOOM.min, Math.round(viewZoom) - 3));
}

/** Whether the point lies in tile `z/x/y` (west and north edges included, as tilesCovering cuts). */
export function tileHolds(tile: { z: number; x: number; y: number }, lat: number, lng: number): boolean {
  const [covering] = tilesCovering({ north: lat, south: lat, west: lng, east: lng }, tile.z);
  return covering !== undefined && covering.x === tile.x && covering.y === tile.y;
}

/** At most this many days are listed in a live change; an event on more days is said to touch every day (null). */
export const LIVE_CHANGE_DAYS_MAX = 100;

/**
 * A live change (`GET /public/events/stream`, event `change`): which event changed, and where it is now, so that a
 * map refreshes only the marker answers the change can touch (those holding the event, and those of its new days
 * and place). `place` is null when the event is no longer on the map (deleted, deactivated or without a place);
 * its `days` are null when there are more than LIVE_CHANGE_DAYS_MAX of them (every day is touched).
 */
export type LiveChange = {
  type: 'created' | 'updated' | 'deactivated' | 'deleted';
  id: number;
  uuid: string;
  place?: { days: string[] | null; lat: number; lng: number } | null;
};
