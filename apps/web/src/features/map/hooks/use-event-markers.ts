/**
 * The markers and clusters of the latest search on the Leaflet map. The supercluster index is rebuilt only when
 * the shown points change (the latest ids or the loaded events), once after a burst of result pages, and never
 * during a move (drag, zoom): it waits for the move's end. A move only queries the clusters around the view.
 * Markers are created once per event (again when the event changes or the language does) and only the difference
 * is shown or hidden; a cluster marker is kept while its position stays (its count updated in place), and the
 * marker of a cluster gone is moved to a new cluster rather than re-created.
 */
import { CLUSTER, MAP, MARKER_IMAGE_WIDTH } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import L from 'leaflet';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Supercluster from 'supercluster';
import { useLang } from '@/i18n/use-lang';
import { imageUrl } from '@/lib/image-url';
import {
  clusterKey,
  collectPoints,
  createPointCache,
  diffShown,
  type Point,
  paddedBbox,
  samePoints,
} from '../utils/cluster-view';
import { type Coalesced, coalesce } from '../utils/coalesce';
import { clusterRadius, clusterSize, markerTitle } from '../utils/geo';
import { useSearchStore } from './use-search-store';

/** Result pages arriving closer than `wait` ms make one rebuild; a long burst still rebuilds every `maxWait` ms. */
const REBUILD = { wait: 40, maxWait: 250 };
/** Clusters and markers are placed this far (of the view's size) beyond each edge, ready for the next drag. */
const PADDING = 0.25;

type Label = (key: 'map.cluster', options: { count: number }) => string;
type Lang = ReturnType<typeof useLang>;
type EventsById = Readonly<Record<number, Event>>;
type ClusterEntry = { key: string; marker: L.Marker; count: number; clusterId: number; seen: number };
type ClusterFeature = Supercluster.ClusterFeature<Supercluster.AnyProps>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Enter or Space on a focused marker or cluster (the default action is prevented). */
function pressed(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' && event.key !== ' ') return false;
  event.preventDefault();
  return true;
}

/** Leaflet makes markers focusable buttons; Enter and Space act as a click, as for a button. */
function onPress(marker: L.Marker, action: () => void): L.Marker {
  return marker.on('click', action).on('add', () => {
    const element = marker.getElement();
    if (element) element.onkeydown = (key) => pressed(key) && action();
  });
}

/** Cluster diameters (px) by size class. */
const CLUSTER_PX = { small: 40, medium: 48, big: 56 } as const;

function clusterIcon(count: number): L.DivIcon {
  const size = clusterSize(count);
  return L.divIcon({
    className: `evm-cluster evm-cluster-${size}`,
    html: `<span>${count}</span>`,
    iconSize: [CLUSTER_PX[size], CLUSTER_PX[size]],
  });
}

/** The element of a cluster icon shown with another count (what setIcon would do, in fewer DOM writes). */
function recount(element: HTMLElement, before: number, count: number, title: string) {
  const [from, to] = [clusterSize(before), clusterSize(count)];
  if (from !== to) {
    element.classList.replace(`evm-cluster-${from}`, `evm-cluster-${to}`);
    const px = CLUSTER_PX[to];
    element.style.width = `${px}px`;
    element.style.height = `${px}px`;
    element.style.marginLeft = `${-px / 2}px`;
    element.style.marginTop = `${-px / 2}px`;
  }
  const label = element.firstChild;
  if (label) label.textContent = String(count);
  element.title = title;
}

/** The markers and clusters of one map. */
class EventMarkers {
  private eventIds: readonly number[] = [];
  private eventsById: EventsById = {};
  /** The loaded events when the index was built: what its points are. */
  private indexedEvents: EventsById = {};
  private index: Supercluster<{ id: number }> | null = null;
  private radius = 0;
  private points: Point[] = [];
  private readonly pointOf = createPointCache<Event>();
  private readonly rebuildSoon: Coalesced;

  private readonly markers = new Map<number, L.Marker>();
  private readonly markerEvents = new Map<number, Event>();
  /** Ids whose marker is on the map, and the next ones (two sets swapped at each update). */
  private shown = new Set<number>();
  private nextShown = new Set<number>();
  private readonly clusters = new Map<string, ClusterEntry>();
  /** Clusters of this update with no marker at their position yet, and markers of clusters gone (reused). */
  private readonly unplaced: ClusterFeature[] = [];
  private readonly stale: ClusterEntry[] = [];
  private generation = 0;
  /** True between the start and the end of a move; then whether data came in meanwhile. */
  private moving = false;
  private rebuildAfterMove = false;
  /** The animation frame requested to show a new index (0: none). */
  private frame = 0;
  private readonly view = { west: 0, south: 0, east: 0, north: 0 };
  private readonly bbox: [number, number, number, number] = [0, 0, 0, 0];

  constructor(
    private readonly map: L.Map,
    private readonly onSelect: RefObject<(event: Event) => void>,
    private lang: Lang,
    private label: Label,
  ) {
    this.rebuildSoon = coalesce(this.rebuild, REBUILD);
    map.on('movestart', this.moveStart);
    map.on('moveend', this.moveEnd);
  }

  /** The latest ids and loaded events: the index follows after the burst of pages. */
  setData(eventIds: readonly number[], eventsById: EventsById) {
    if (eventIds === this.eventIds && eventsById === this.eventsById) return;
    this.eventIds = eventIds;
    this.eventsById = eventsById;
    this.rebuildSoon.request();
  }

  /** Markers show titles in `lang`, clusters labels from `label`. */
  setLabels(lang: Lang, label: Label) {
    if (lang === this.lang && label === this.label) return;
    if (lang !== this.lang) {
      for (const marker of this.markers.values()) marker.remove();
      this.markers.clear();
      this.markerEvents.clear();
      this.shown.clear();
      this.lang = lang;
    }
    this.label = label;
    for (const entry of this.clusters.values()) entry.marker.remove();
    this.clusters.clear();
    this.render();
  }

  dispose() {
    this.rebuildSoon.cancel();
    cancelAnimationFrame(this.frame);
    this.map.off('movestart', this.moveStart);
    this.map.off('moveend', this.moveEnd);
    for (const marker of this.markers.values()) marker.remove();
    for (const entry of this.clusters.values()) entry.marker.remove();
    this.markers.clear();
    this.markerEvents.clear();
    this.clusters.clear();
    this.shown.clear();
  }

  /** A new index when the points changed (or the cluster radius, with the window's width), then the markers. */
  private readonly rebuild = () => {
    this.rebuildSoon.cancel();
    // Not while the map moves (a drag, a zoom): the frames of the move come first; done when it ends.
    if (this.moving) {
      this.rebuildAfterMove = true;
      return;
    }
    const points = collectPoints(this.eventIds, this.eventsById, this.pointOf);
    const radius = clusterRadius(window.innerWidth);
    // The same point objects are the same event objects: nothing to show differently.
    if (this.index && radius === this.radius && samePoints(points, this.points)) return;
    const index = new Supercluster<{ id: number }>({ radius, maxZoom: CLUSTER.maxZoom, minPoints: CLUSTER.minPoints });
    index.load(points);
    this.index = index;
    this.radius = radius;
    this.points = points;
    this.indexedEvents = this.eventsById;
    // The markers in the next frame: building and showing are two tasks, a frame can be drawn between them.
    if (!this.frame) this.frame = requestAnimationFrame(this.render);
  };

  private readonly moveStart = () => {
    this.moving = true;
  };

  private readonly moveEnd = () => {
    this.moving = false;
    this.render();
    if (this.rebuildAfterMove) {
      this.rebuildAfterMove = false;
      this.rebuildSoon.request();
    }
  };

  /** Shows the clusters and markers of the index around the current view. */
  private readonly render = () => {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    const index = this.index;
    if (!index) return;
    if (clusterRadius(window.innerWidth) !== this.radius) {
      this.rebuild();
      return;
    }
    const b = this.map.getBounds();
    this.view.west = b.getWest();
    this.view.south = b.getSouth();
    this.view.east = b.getEast();
    this.view.north = b.getNorth();
    const features = index.getClusters(paddedBbox(this.view, PADDING, this.bbox), Math.round(this.map.getZoom()));
    const generation = ++this.generation;
    const next = this.nextShown;
    next.clear();
    const unplaced = this.unplaced;
    for (const feature of features) {
      const properties = feature.properties;
      if ('cluster' in properties && properties.cluster) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const entry = this.clusters.get(clusterKey(lng, lat));
        if (entry && entry.seen !== generation) this.keepCluster(entry, feature as ClusterFeature, generation);
        else unplaced.push(feature as ClusterFeature);
        continue;
      }
      const id = (properties as { id: number }).id;
      const event = this.indexedEvents[id];
      if (!event) continue;
      // A changed event (live update) is fetched again as a new object: its marker is made anew.
      if (this.markerEvents.get(id) !== event) {
        if (this.shown.delete(id)) this.markers.get(id)?.remove();
        this.markers.set(id, this.createMarker(id, event));
        this.markerEvents.set(id, event);
      }
      next.add(id);
    }
    diffShown(this.shown, next, this.show, this.hide);
    this.nextShown = this.shown;
    this.shown = next;
    this.placeClusters(generation);
  };

  /** Places the new clusters, on the markers of clusters gone when there are some (moved, count updated). */
  private placeClusters(generation: number) {
    const { unplaced, stale } = this;
    for (const entry of this.clusters.values()) {
      // The focused cluster keeps its element: the keyboard focus is not moved to another cluster.
      if (entry.seen !== generation && entry.marker.getElement() !== document.activeElement) stale.push(entry);
    }
    for (const feature of unplaced) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      let key = clusterKey(lng, lat);
      // Two clusters at one position (unlikely): each keeps a marker.
      while (this.clusters.has(key)) key += '+';
      let entry = stale.pop();
      if (entry) {
        this.clusters.delete(entry.key);
        entry.key = key;
        entry.marker.setLatLng([lat, lng]);
        this.keepCluster(entry, feature, generation);
      } else {
        entry = this.createCluster(key, lat, lng, feature, generation);
      }
      this.clusters.set(key, entry);
    }
    unplaced.length = 0;
    stale.length = 0;
    for (const [key, entry] of this.clusters) {
      if (entry.seen === generation) continue;
      entry.marker.remove();
      this.clusters.delete(key);
    }
  }

  private readonly show = (id: number) => void this.markers.get(id)?.addTo(this.map);
  private readonly hide = (id: number) => void this.markers.get(id)?.remove();

  private createMarker(id: number, event: Event): L.Marker {
    const title = this.lang === 'fr' ? event.titleFr : event.titleEn;
    const src = imageUrl(event.images, MARKER_IMAGE_WIDTH);
    const image = src ? `<img src="${src}" alt="" width="48" height="48" loading="lazy">` : '';
    const marker = L.marker([event.latitude ?? 0, event.longitude ?? 0], {
      title,
      keyboard: true,
      icon: L.divIcon({
        className: 'evm-marker',
        html: `${image}<span>${escapeHtml(markerTitle(title))}</span>`,
        iconSize: undefined,
        iconAnchor: [24, 24],
      }),
    });
    return onPress(marker, () => {
      const current = useSearchStore.getState().eventsById[id];
      if (current) this.onSelect.current?.(current);
    });
  }

  private createCluster(key: string, lat: number, lng: number, feature: ClusterFeature, generation: number) {
    const { cluster_id: clusterId, point_count: count } = feature.properties;
    const title = this.label('map.cluster', { count });
    const marker = L.marker([lat, lng], { title, alt: title, keyboard: true, icon: clusterIcon(count) });
    const entry: ClusterEntry = { key, marker, count, clusterId, seen: generation };
    onPress(marker, () => this.zoomInto(entry));
    marker.addTo(this.map);
    return entry;
  }

  /** The cluster of `feature` shown by the marker of `entry`: its count updated if it changed. */
  private keepCluster(entry: ClusterEntry, feature: ClusterFeature, generation: number) {
    const { cluster_id: clusterId, point_count: count } = feature.properties;
    if (entry.count !== count) {
      const title = this.label('map.cluster', { count });
      const { options } = entry.marker;
      options.title = title;
      options.alt = title;
      options.icon = clusterIcon(count);
      const element = entry.marker.getElement();
      if (element) recount(element, entry.count, count, title);
      entry.count = count;
    }
    entry.clusterId = clusterId;
    entry.seen = generation;
  }

  private zoomInto(entry: ClusterEntry) {
    let zoom = this.map.getZoom() + 1;
    try {
      if (this.index) zoom = this.index.getClusterExpansionZoom(entry.clusterId);
    } catch {
      // The index changed since this cluster was placed: one level closer.
    }
    this.map.setView(entry.marker.getLatLng(), Math.min(zoom, MAP.maxZoom));
  }
}

/** Shows the latest search's markers and clusters on `map`; `onSelect` is called with a chosen event. */
export function useEventMarkers(map: L.Map | null, onSelect: (event: Event) => void) {
  const { t } = useTranslation();
  const lang = useLang();
  const eventsById = useSearchStore((s) => s.eventsById);
  const eventIds = useSearchStore((s) => s.eventIds);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const markers = useRef<EventMarkers | null>(null);
  const labels = useRef({ lang, t });
  labels.current = { lang, t };

  useEffect(() => {
    if (!map) return;
    const created = new EventMarkers(map, onSelectRef, labels.current.lang, labels.current.t);
    markers.current = created;
    return () => {
      created.dispose();
      markers.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (map) markers.current?.setData(eventIds, eventsById);
  }, [map, eventIds, eventsById]);

  useEffect(() => {
    if (map) markers.current?.setLabels(lang, t);
  }, [map, lang, t]);
}
