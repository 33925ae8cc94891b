/**
 * The Leaflet map of the home page (loaded lazily: Leaflet stays out of the first load). The markers of the view
 * come from the marker answers of the tiles covering it (use-map-markers), are created once per event and then
 * shown or hidden from the current supercluster clusters (use-event-markers); clicking a cluster zooms into it,
 * clicking a marker selects the event. The wheel scrolls the page, Ctrl (⌘) + wheel zooms (use-wheel-gate); the
 * controls' titles and the tiles' credit are in the user's language.
 */
import 'leaflet/dist/leaflet.css';
import './event-map.css';
import { MAP } from '@evmap/contract/constants';
import { escapeHtml } from '@evmap/contract/html';
import type { Marker } from '@evmap/contract/marker-tiles';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { dismissMapPreview } from '@/boot/map-preview-dom';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { afterNextPaint } from '@/lib/after-next-paint';
import { useGlobals } from '@/lib/get-globals';
import { useEventMarkers } from '../hooks/use-event-markers';
import { useLiveUpdates } from '../hooks/use-live-updates';
import { type MapView, useMapMarkers } from '../hooks/use-map-markers';
import { useSearchStore } from '../hooks/use-search-store';
import { useWheelGate } from '../hooks/use-wheel-gate';
import { clampBounds } from '../utils/geo';
import { readStoredLocation } from '../utils/stored-location';
import { zoomKeyName } from '../utils/wheel-gate';

export type EventMapProps = {
  /** Called when a marker is chosen. */
  onSelect: (marker: Marker) => void;
  /** The handle or uuid of the event open over the map, if any (its marker gets the focus back when it closes). */
  selected?: string;
};

/** Leaflet's own flag, as in its default credit. */
const LEAFLET_FLAG =
  '<svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" width="12" height="8" viewBox="0 0 12 8" class="leaflet-attribution-flag"><path fill="#4C7BE1" d="M0 0h12v4H0z"/><path fill="#FFD500" d="M0 4h12v3H0z"/><path fill="#E0BC00" d="M0 7h12v1H0z"/></svg>';

function viewOf(map: L.Map): MapView {
  const b = map.getBounds();
  // The view itself: the marker answers are cut by tiles (shared by nearby views), the list shows this area.
  const bounds = clampBounds({
    northLat: b.getNorth(),
    eastLng: b.getEast(),
    southLat: b.getSouth(),
    westLng: b.getWest(),
  });
  return { bounds, zoom: map.getZoom() };
}

/** The map filling its container, with the markers and clusters of its view. */
export function EventMap({ onSelect, selected }: EventMapProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const container = useRef<HTMLElement>(null);
  const hint = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const focus = useSearchStore((s) => s.focus);

  const { markers } = useMapMarkers(view);
  useLiveUpdates();
  const tiles = useGlobals().data?.map;

  // The map itself, once, in a task of its own after the first screen has painted: Leaflet measures its container
  // (a layout) and builds its panes, work that would otherwise lengthen React's commit of the whole first screen.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let instance: L.Map | null = null;
    const cancel = afterNextPaint(() => {
      // A remembered position opens the map there, closer in.
      const location = useSearchStore.getState().location ?? readStoredLocation()?.location ?? null;
      const map = L.map(element, {
        center: location ?? MAP.defaultCenter,
        zoom: location ? MAP.initialZoomWithLocation : MAP.initialZoom,
        minZoom: MAP.minZoom,
        maxZoom: MAP.maxZoom,
        // Added with the tiles and their credit, complete from the start: a credit growing in place would shift.
        attributionControl: false,
        // Added below with titles in the user's language.
        zoomControl: false,
      });
      const moved = () => {
        const next = viewOf(map);
        setView((previous) => (previous && JSON.stringify(previous) === JSON.stringify(next) ? previous : next));
        // The list view shows the events of the area the map last showed.
        useSearchStore.getState().setArea(next);
      };
      map.on('moveend', moved);
      moved();
      instance = map;
      setMap(map);
    });
    return () => {
      cancel();
      instance?.remove();
      setMap(null);
    };
  }, []);

  // The zoom buttons, named in the user's language (Leaflet's own titles are English).
  useEffect(() => {
    if (!map) return;
    const zoom = L.control.zoom({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') }).addTo(map);
    return () => void zoom.remove();
  }, [map, t]);

  // The tiles of the server's configuration (TILE_URL), as soon as the globals are known.
  useEffect(() => {
    if (!map || !tiles) return;
    const layer = L.tileLayer(tiles.tileUrl);
    // The boot script's still preview of the same tiles stays under the map until its own tiles are shown.
    layer.once('load', () => dismissMapPreview());
    layer.addTo(map);
    return () => void layer.remove();
  }, [map, tiles]);

  // Their credit (TILE_ATTRIBUTION, the default one in the user's language) and Leaflet's, complete when added.
  useEffect(() => {
    if (!map || !tiles) return;
    const prefix = `<a href="https://leafletjs.com" title="${escapeHtml(t('map.leaflet'))}">${LEAFLET_FLAG} Leaflet</a>`;
    const credit = L.control.attribution({ prefix });
    credit.addAttribution((lang === 'fr' && tiles.tileAttributionFr) || tiles.tileAttribution);
    credit.addTo(map);
    return () => void credit.remove();
  }, [map, tiles, lang, t]);

  useWheelGate(map, hint);

  // Moves to a requested place (a direct link, the user's location).
  useEffect(() => {
    if (!map || !focus) return;
    map.setView(focus, Math.max(map.getZoom(), focus.zoom));
    useSearchStore.getState().clearFocus();
  }, [map, focus]);

  // Markers and clusters around the current view.
  useEventMarkers(map, markers, onSelect, selected);

  return (
    <>
      <section ref={container} className="evm-map" aria-label={t('map.label')} />
      {/* For mouse users only (what the wheel does over the map): nothing to announce. */}
      <div ref={hint} className="evm-wheel-hint" aria-hidden="true">
        <span>{t('map.wheelHint', { key: zoomKeyName(navigator.platform) })}</span>
      </div>
    </>
  );
}
