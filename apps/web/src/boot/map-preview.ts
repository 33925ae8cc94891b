/**
 * The still map preview the boot script (inlined into index.html) draws as soon as the HTML is parsed: the tiles
 * of the view the live map will open with, as plain images at the very positions and URLs Leaflet 1.9 will use
 * (default TileLayer options on Web Mercator), so the visitor sees the map at once and the browser reuses the
 * images when Leaflet asks for them. The app removes it (`dismissMapPreview`) once Leaflet's tiles are there.
 * This module is bundled alone into the boot script: keep its imports tiny.
 */
import { MAP } from '@evmap/contract/constants';
import { MAP_AREA_HEIGHT } from '@/app/layouts/page-chrome';
import { readStoredLocation, type StoredLocation } from '@/features/map/utils/stored-location';
import { dismissMapPreview, MAP_PREVIEW_CLASS, MAP_PREVIEW_ID, showsMap } from './map-preview-dom';

/** Leaflet's default tile size, in CSS pixels. */
export const TILE_SIZE = 256;
/** The meta element of index.html whose content the server fills with the tile URL template (TILE_URL). */
export const TILE_URL_META = 'evm-tile-url';

export type MapView = { center: { lat: number; lng: number }; zoom: number };
export type PreviewTile = { x: number; y: number; src: string; left: number; top: number };

// Leaflet's SphericalMercator and the EPSG3857 transformation, with the same operations in the same order, so
// that the pixel origin rounds exactly as Leaflet's does.
const EARTH_RADIUS = 6378137;
const MAX_LATITUDE = 85.0511287798;
const TRANSFORM_SCALE = 0.5 / (Math.PI * EARTH_RADIUS);

/** The point of `center` in global pixels at `zoom`, as Leaflet's `map.project`. */
export function project(center: MapView['center'], zoom: number): { x: number; y: number } {
  const d = Math.PI / 180;
  const lat = Math.max(Math.min(MAX_LATITUDE, center.lat), -MAX_LATITUDE);
  const sin = Math.sin(lat * d);
  const x = EARTH_RADIUS * center.lng * d;
  const y = (EARTH_RADIUS * Math.log((1 + sin) / (1 - sin))) / 2;
  const scale = 256 * 2 ** zoom;
  return { x: scale * (TRANSFORM_SCALE * x + 0.5), y: scale * (-TRANSFORM_SCALE * y + 0.5) };
}

// Leaflet's Util.template placeholders; the preview knows those a default TileLayer fills.
const PLACEHOLDER = /\{ *([\w_-]+) *\}/g;
const KNOWN_PLACEHOLDERS = new Set(['s', 'x', 'y', 'z', 'r']);
const SUBDOMAINS = 'abc';

/** True when Leaflet would fill every placeholder of `template` with the preview's values. */
export function isSupportedTemplate(template: string): boolean {
  for (const match of template.matchAll(PLACEHOLDER)) if (!KNOWN_PLACEHOLDERS.has(match[1] ?? '')) return false;
  return template.length > 0;
}

/** The URL Leaflet requests for tile (x, y, z): x wrapped around the world, the subdomain from x + y. */
export function tileUrl(template: string, x: number, y: number, z: number): string {
  const count = 2 ** z;
  const wrappedX = ((x % count) + count) % count;
  const values: Record<string, string> = {
    s: SUBDOMAINS[Math.abs(wrappedX + y) % SUBDOMAINS.length] ?? 'a',
    x: String(wrappedX),
    y: String(y),
    z: String(z),
    r: '',
  };
  return template.replace(PLACEHOLDER, (_, key: string) => values[key] ?? '');
}

/**
 * The tiles covering a container of `size` showing `view`, centre first (Leaflet's loading order), each with its
 * position in the container; none when the template has a placeholder the preview cannot fill.
 */
export function previewTiles(template: string, view: MapView, size: { width: number; height: number }): PreviewTile[] {
  if (!isSupportedTemplate(template) || size.width <= 0 || size.height <= 0) return [];
  const center = project(view.center, view.zoom);
  // Leaflet's pixel origin: the container's top left corner in global pixels, rounded.
  const originX = Math.round(center.x - size.width / 2);
  const originY = Math.round(center.y - size.height / 2);
  const minX = Math.floor(originX / TILE_SIZE);
  const maxX = Math.ceil((originX + size.width) / TILE_SIZE) - 1;
  const minY = Math.floor(originY / TILE_SIZE);
  const maxY = Math.ceil((originY + size.height) / TILE_SIZE) - 1;
  const rows = 2 ** view.zoom;
  const tiles: PreviewTile[] = [];
  for (let y = minY; y <= maxY; y++) {
    if (y < 0 || y >= rows) continue;
    for (let x = minX; x <= maxX; x++) {
      tiles.push({
        x,
        y,
        src: tileUrl(template, x, y, view.zoom),
        left: x * TILE_SIZE - originX,
        top: y * TILE_SIZE - originY,
      });
    }
  }
  // As Leaflet's GridLayer: by distance to the middle of the tile range (a stable sort keeps row order on ties).
  const middleX = (minX + maxX) / 2;
  const middleY = (minY + maxY) / 2;
  const distance = (tile: PreviewTile) => Math.hypot(tile.x - middleX, tile.y - middleY);
  return tiles.sort((a, b) => distance(a) - distance(b));
}

/** The view the home's map opens with (as `EventMap`): the remembered position closer in, else the default. */
export function previewView(stored: StoredLocation | null): MapView {
  const location = stored?.location;
  return location
    ? { center: { lat: location.lat, lng: location.lng }, zoom: MAP.initialZoomWithLocation }
    : { center: MAP.defaultCenter, zoom: MAP.initialZoom };
}

/** The area of `tile` inside a container of `size`, in square CSS pixels. */
function visibleArea(tile: PreviewTile, size: { width: number; height: number }): number {
  const width = Math.min(tile.left + TILE_SIZE, size.width) - Math.max(tile.left, 0);
  const height = Math.min(tile.top + TILE_SIZE, size.height) - Math.max(tile.top, 0);
  return Math.max(width, 0) * Math.max(height, 0);
}

/**
 * The tiles showing the most of themselves in a container of `size` (every tile wholly in view, or the least cut
 * ones on a small screen): the browser's candidates for the page's largest contentful paint.
 */
export function largestTiles(tiles: readonly PreviewTile[], size: { width: number; height: number }): PreviewTile[] {
  const largest = Math.max(0, ...tiles.map((tile) => visibleArea(tile, size)));
  return largest > 0 ? tiles.filter((tile) => visibleArea(tile, size) === largest) : [];
}

/**
 * Draws the preview before `#root` when the page opens on the map and the tile URL is known; true when drawn.
 * Never throws: any failure leaves the page without a preview.
 */
export function drawMapPreview(doc: Document = document): boolean {
  return drawPreviewTiles(doc) !== null;
}

/**
 * As `drawMapPreview`, giving the images of the largest tiles in view (`largestTiles`), or null when nothing was
 * drawn.
 */
export function drawPreviewTiles(doc: Document = document): HTMLImageElement[] | null {
  try {
    if (!showsMap(doc.location.pathname) || doc.getElementById(MAP_PREVIEW_ID)) return null;
    const template = doc.querySelector(`meta[name="${TILE_URL_META}"]`)?.getAttribute('content') ?? '';
    const root = doc.getElementById('root');
    if (!root || !isSupportedTemplate(template)) return null;

    const container = doc.createElement('div');
    container.id = MAP_PREVIEW_ID;
    container.setAttribute('aria-hidden', 'true');
    container.style.cssText = `position:absolute;top:0;left:0;width:100%;height:${MAP_AREA_HEIGHT};overflow:hidden;z-index:0`;
    doc.body.insertBefore(container, root);
    const size = { width: container.clientWidth, height: container.clientHeight };
    const tiles = previewTiles(template, previewView(readStoredLocation()), size);
    if (tiles.length === 0) {
      container.remove();
      return null;
    }
    const middle = { x: size.width / 2, y: size.height / 2 };
    const largest = new Set(largestTiles(tiles, size));
    const largestImages: HTMLImageElement[] = [];
    for (const tile of tiles) {
      const img = doc.createElement('img');
      img.alt = '';
      img.draggable = false;
      // The tile under the middle of the map first: the largest image in view, likely the page's LCP.
      const inMiddle =
        tile.left <= middle.x &&
        middle.x < tile.left + TILE_SIZE &&
        tile.top <= middle.y &&
        middle.y < tile.top + TILE_SIZE;
      if (inMiddle) img.setAttribute('fetchpriority', 'high');
      img.style.cssText = `position:absolute;left:${tile.left}px;top:${tile.top}px;width:${TILE_SIZE}px;height:${TILE_SIZE}px`;
      img.src = tile.src;
      container.appendChild(img);
      if (largest.has(tile)) largestImages.push(img);
    }
    doc.documentElement.classList.add(MAP_PREVIEW_CLASS);
    return largestImages;
  } catch {
    try {
      dismissMapPreview(doc);
    } catch {
      // nothing more to undo
    }
    return null;
  }
}
