/**
 * The Leaflet map of the home page (loaded lazily: Leaflet stays out of the first load). Markers
 * are created once per event and then shown or hidden from the latest search ids and the current
 * supercluster clusters (use-event-markers); clicking a cluster zooms into it, clicking a marker
 * selects the event.
 */
import 'leaflet/dist/leaflet.css';
import './event-map.css';
import { MAP } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissMapPreview } from '@/boot/map-preview-dom';
import { afterNextPaint } from '@/lib/after-next-paint';
import { useGlobals } from '@/lib/get-globals';
import { useEventMarkers } from '../hooks/use-event-markers';
import { useEventSearch } from '../hooks/use-event-search';
import { useLiveUpdates } from '../hooks/use-live-updates';
import { useSearchStore } from '../hooks/use-search-store';
import { type Bounds, roundBoundsOutward } from '../utils/geo';
import { readStoredLocation } from '../utils/stored-location';

export type EventMapProps = {
  /** Called when a marker is chosen. */
  onSelect: (event: Event) => void;
};

function boundsOf(map: L.Map): Bounds {
  const b = map.getBounds();
  return roundBoundsOutward({
    northLat: b.getNorth(),
    eastLng: b.getEast(),
    southLat: b.getSouth(),
    westLng: b.getWest(),
  });
}

/** The map filling its container, with markers and clusters of the current search. */
export function EventMap({ onSelect }: EventMapProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const focus = useSearchStore((s) => s.focus);

  useEventSearch(bounds);
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
      });
      const moved = () => {
        setBounds((previous) => {
          const next = boundsOf(map);
          return previous && JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
        });
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

  // The tiles of the server's configuration (TILE_URL), as soon as the globals are known.
  useEffect(() => {
    if (!map || !tiles) return;
    const layer = L.tileLayer(tiles.tileUrl, { attribution: tiles.tileAttribution });
    // Added after the layer, the credit control takes the layer's attribution when it is added.
    const credit = L.control.attribution();
    // The boot script's still preview of the same tiles stays under the map until its own tiles are shown.
    layer.once('load', () => dismissMapPreview());
    layer.addTo(map);
    credit.addTo(map);
    return () => {
      layer.remove();
      credit.remove();
    };
  }, [map, tiles]);

  // Moves to a requested place (a direct link, the user's location).
  useEffect(() => {
    if (!map || !focus) return;
    map.setView(focus, Math.max(map.getZoom(), focus.zoom));
    useSearchStore.getState().clearFocus();
  }, [map, focus]);

  // Markers and clusters from the latest ids, around the current view.
  useEventMarkers(map, onSelect);

  return <section ref={container} className="evm-map" aria-label={t('map.label')} />;
}
