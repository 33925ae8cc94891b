/**
 * The Leaflet map of the home page (loaded lazily: Leaflet stays out of the first load). Markers
 * are created once per event and then shown or hidden from the latest search ids and the current
 * supercluster clusters; clicking a cluster zooms into it, clicking a marker selects the event.
 */
import 'leaflet/dist/leaflet.css';
import './event-map.css';
import { CLUSTER, MAP, MARKER_IMAGE_WIDTH } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Supercluster from 'supercluster';
import { useLang } from '@/i18n/use-lang';
import { useGlobals } from '@/lib/get-globals';
import { imageUrl } from '@/lib/image-url';
import { useEventSearch } from '../hooks/use-event-search';
import { useLiveUpdates } from '../hooks/use-live-updates';
import { useSearchStore } from '../hooks/use-search-store';
import { type Bounds, clusterRadius, clusterSize, markerTitle, roundBoundsOutward } from '../utils/geo';
import { readStoredLocation } from '../utils/stored-location';

export type EventMapProps = {
  /** Called when a marker is chosen. */
  onSelect: (event: Event) => void;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function boundsOf(map: L.Map): Bounds {
  const b = map.getBounds();
  return roundBoundsOutward({
    northLat: b.getNorth(),
    eastLng: b.getEast(),
    southLat: b.getSouth(),
    westLng: b.getWest(),
  });
}

/** Enter or Space on a focused marker or cluster (the default action is prevented). */
function pressed(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' && event.key !== ' ') return false;
  event.preventDefault();
  return true;
}

type Point = Supercluster.PointFeature<{ id: number }>;

/** The map filling its container, with markers and clusters of the current search. */
export function EventMap({ onSelect }: EventMapProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const container = useRef<HTMLElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const [view, setView] = useState(0);
  const markers = useRef(new Map<number, L.Marker>());
  const markerEvents = useRef(new Map<number, Event>());
  const markerLang = useRef(lang);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  const eventsById = useSearchStore((s) => s.eventsById);
  const eventIds = useSearchStore((s) => s.eventIds);
  const focus = useSearchStore((s) => s.focus);

  useEventSearch(bounds);
  useLiveUpdates();
  const tiles = useGlobals().data?.map;

  // The map itself, once.
  useEffect(() => {
    if (!container.current) return;
    // A remembered position opens the map there, closer in.
    const location = useSearchStore.getState().location ?? readStoredLocation()?.location ?? null;
    const instance = L.map(container.current, {
      center: location ?? MAP.defaultCenter,
      zoom: location ? MAP.initialZoomWithLocation : MAP.initialZoom,
      minZoom: MAP.minZoom,
      maxZoom: MAP.maxZoom,
    });
    const moved = () => {
      setBounds((previous) => {
        const next = boundsOf(instance);
        return previous && JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
      });
      setView((n) => n + 1);
    };
    instance.on('moveend', moved);
    moved();
    setMap(instance);
    const owned = markers.current;
    return () => {
      instance.remove();
      owned.clear();
      setMap(null);
    };
  }, []);

  // The tiles of the server's configuration (TILE_URL), as soon as the globals are known.
  useEffect(() => {
    if (!map || !tiles) return;
    const layer = L.tileLayer(tiles.tileUrl, { attribution: tiles.tileAttribution }).addTo(map);
    return () => void layer.remove();
  }, [map, tiles]);

  // Moves to a requested place (a direct link, the user's location).
  useEffect(() => {
    if (!map || !focus) return;
    map.setView(focus, Math.max(map.getZoom(), focus.zoom));
    useSearchStore.getState().clearFocus();
  }, [map, focus]);

  // Markers and clusters from the latest ids and the current view.
  useEffect(() => {
    if (!map) return;
    void view;
    if (markerLang.current !== lang) {
      for (const marker of markers.current.values()) marker.remove();
      markers.current.clear();
      markerLang.current = lang;
    }
    const points: Point[] = [];
    for (const id of eventIds) {
      const event = eventsById[id];
      if (event?.latitude == null || event.longitude == null) continue;
      points.push({
        type: 'Feature',
        properties: { id },
        geometry: { type: 'Point', coordinates: [event.longitude, event.latitude] },
      });
    }
    const index = new Supercluster<{ id: number }>({
      radius: clusterRadius(window.innerWidth),
      maxZoom: CLUSTER.maxZoom,
      minPoints: CLUSTER.minPoints,
    });
    index.load(points);
    const b = map.getBounds();
    const features = index.getClusters(
      [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
      Math.round(map.getZoom()),
    );

    const shown = new Set<number>();
    const clusterLayer = L.layerGroup().addTo(map);
    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      if ('cluster' in feature.properties && feature.properties.cluster) {
        const { cluster_id: clusterId, point_count: count } = feature.properties;
        const label = t('map.cluster', { count });
        const size = clusterSize(count);
        const zoomIn = () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), MAP.maxZoom));
        L.marker([lat, lng], {
          title: label,
          alt: label,
          keyboard: true,
          icon: L.divIcon({
            className: `evm-cluster evm-cluster-${size}`,
            html: `<span>${count}</span>`,
            iconSize: size === 'big' ? [56, 56] : size === 'medium' ? [48, 48] : [40, 40],
          }),
        })
          .on('click', zoomIn)
          .on('add', (e) => {
            const element = (e.target as L.Marker).getElement();
            if (element) element.onkeydown = (key) => pressed(key) && zoomIn();
          })
          .addTo(clusterLayer);
        continue;
      }
      const id = (feature.properties as { id: number }).id;
      const event = eventsById[id];
      if (!event) continue;
      shown.add(id);
      let marker = markers.current.get(id);
      // A changed event (live update) is fetched again as a new object: its marker is made anew.
      if (marker && markerEvents.current.get(id) !== event) {
        marker.remove();
        marker = undefined;
      }
      if (!marker) {
        const title = lang === 'fr' ? event.titleFr : event.titleEn;
        const src = imageUrl(event.images, MARKER_IMAGE_WIDTH);
        const image = src ? `<img src="${src}" alt="" width="48" height="48" loading="lazy">` : '';
        marker = L.marker([lat, lng], {
          title,
          keyboard: true,
          icon: L.divIcon({
            className: 'evm-marker',
            html: `${image}<span>${escapeHtml(markerTitle(title))}</span>`,
            iconSize: undefined,
            iconAnchor: [24, 24],
          }),
        });
        const select = () => {
          const current = useSearchStore.getState().eventsById[id];
          if (current) onSelectRef.current(current);
        };
        // Leaflet makes markers focusable buttons; Enter and Space select, as for a button.
        marker.on('click', select).on('add', (e) => {
          const element = (e.target as L.Marker).getElement();
          if (element) element.onkeydown = (key) => pressed(key) && select();
        });
        markers.current.set(id, marker);
        markerEvents.current.set(id, event);
      }
      if (!map.hasLayer(marker)) marker.addTo(map);
    }
    for (const [id, marker] of markers.current) {
      if (!shown.has(id) && map.hasLayer(marker)) marker.remove();
    }
    return () => {
      clusterLayer.remove();
    };
  }, [map, view, eventIds, eventsById, lang, t]);

  return <section ref={container} className="evm-map" aria-label={t('map.label')} />;
}
