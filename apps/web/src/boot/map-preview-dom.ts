/**
 * What the boot script's map preview (`map-preview.ts`, inlined into index.html) and the app agree on: the preview's
 * element and the class it puts on <html> while it is shown (the map's own background stays transparent then, so
 * the preview shows through until Leaflet's tiles are there).
 */
export const MAP_PREVIEW_ID = 'map-preview';
export const MAP_PREVIEW_CLASS = 'evm-map-preview';

/** The pages that open on the map: the home and an event's link. */
export function showsMap(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith('/events/');
}

/** Removes the map preview (no-op when there is none): the live map has its tiles, failed, or is not on screen. */
export function dismissMapPreview(doc: Document = document): void {
  doc.getElementById(MAP_PREVIEW_ID)?.remove();
  doc.documentElement.classList.remove(MAP_PREVIEW_CLASS);
}
