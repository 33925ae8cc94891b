/**
 * The markers and clusters of the latest search on one Leaflet map. The supercluster index is rebuilt only when
 * the shown points change (the latest ids or the loaded events), once after a burst of result pages, and never
 * during a move (drag, zoom): it waits for the move's end. A move only queries the clusters around the view.
 * Markers are created once per event (again when the event changes or the language does) and only the difference
 * is shown or hidden; a cluster marker is kept while its position stays (its count updated in place), and the
 * marker of a cluster gone is moved to a new cluster rather than re-created. Events whose markers would cover each
 * other (the same or nearly the same place) are shown as one group marker listing them (group-list). The markers
 * are one keyboard control with a roving tab index (marker-focus); the marker that opened an event gets the focus
 * back when the event is closed.
 */
import { CLUSTER } from '@evmap/contract/constants';
import type { Lang } from '@evmap/contract/enums';
import type { Event } from '@evmap/contract/events';
import type { TFunction } from 'i18next';
import type L from 'leaflet';
import type { RefObject } from 'react';
import Supercluster from 'supercluster';
import { collectPoints, createPointCache, diffShown, type Point, paddedBbox, samePoints } from '../utils/cluster-view';
import { type Coalesced, coalesce } from '../utils/coalesce';
import { clusterRadius } from '../utils/geo';
import { groupNearby, type Placed } from '../utils/marker-groups';
import { eventIcon } from '../utils/marker-icons';
import { stackedMarker } from '../utils/stacked-marker';
import { EventClusters } from './event-clusters';
import { EventGroups } from './event-groups';
import { MarkerFocus } from './marker-focus';
import { useSearchStore } from './use-search-store';

/** Result pages arriving closer than `wait` ms make one rebuild; a long burst still rebuilds every `maxWait` ms. */
const REBUILD = { wait: 40, maxWait: 250 };
/** Clusters and markers are placed this far (of the view's size) beyond each edge, ready for the next drag. */
const PADDING = 0.25;
/** Event markers closer than this (px) would cover each other's image (42 px): they are shown as one group. */
const GROUP_RADIUS = 44;

type EventsById = Readonly<Record<number, Event>>;
type ClusterFeature = Supercluster.ClusterFeature<Supercluster.AnyProps>;

/** The markers, clusters and groups of one map. */
export class EventMarkers {
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
  private readonly clusters: EventClusters;
  private readonly groups: EventGroups;
  private readonly focus: MarkerFocus;
  /** The event last opened from a marker or a group: its marker gets the focus back when the event closes. */
  private opener: number | null = null;
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
    private t: TFunction,
  ) {
    this.rebuildSoon = coalesce(this.rebuild, REBUILD);
    this.focus = new MarkerFocus(map, () => this.onMap());
    this.clusters = new EventClusters({
      map,
      focus: this.focus,
      label: (count) => this.t('map.cluster', { count }),
      expansionZoom: (clusterId) => {
        if (!this.index) throw new Error('no index');
        return this.index.getClusterExpansionZoom(clusterId);
      },
    });
    this.groups = new EventGroups({
      map,
      focus: this.focus,
      titleOf: (event) => this.titleOf(event),
      labels: () => ({
        marker: (count) => this.t('map.group', { count }),
        list: (count) => this.t('map.groupList', { count }),
        close: this.t('map.closeList'),
      }),
      latest: (event) => useSearchStore.getState().eventsById[event.id] ?? event,
      open: (event) => this.open(event.id),
    });
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

  /** Markers show titles in `lang`, clusters and groups labels from `t`. */
  setLabels(lang: Lang, t: TFunction) {
    if (lang === this.lang && t === this.t) return;
    if (lang !== this.lang) {
      for (const marker of this.markers.values()) marker.remove();
      this.markers.clear();
      this.markerEvents.clear();
      this.shown.clear();
      this.lang = lang;
    }
    this.t = t;
    this.removeClustersAndGroups();
    this.render();
  }

  /** After the event modal closed: the focus back on the marker (or group) that opened it, when nothing has it. */
  restoreFocus() {
    const id = this.opener;
    this.opener = null;
    const active = document.activeElement;
    if (id === null || (active && active !== document.body)) return;
    const marker = this.shown.has(id) ? this.markers.get(id) : this.groups.markerOf(id);
    if (marker && this.map.hasLayer(marker)) this.focus.focus(marker);
  }

  dispose() {
    this.rebuildSoon.cancel();
    cancelAnimationFrame(this.frame);
    this.map.off('movestart', this.moveStart);
    this.map.off('moveend', this.moveEnd);
    for (const marker of this.markers.values()) marker.remove();
    this.removeClustersAndGroups();
    this.markers.clear();
    this.markerEvents.clear();
    this.shown.clear();
    this.focus.dispose();
  }

  /** Every marker on the map (the candidates of the keyboard's tab stop). */
  private *onMap(): Generator<L.Marker> {
    for (const id of this.shown) {
      const marker = this.markers.get(id);
      if (marker) yield marker;
    }
    yield* this.clusters.markers();
    yield* this.groups.markers();
  }

  private removeClustersAndGroups() {
    this.clusters.clear();
    this.groups.clear();
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

  /** Shows the clusters, groups and markers of the index around the current view. */
  private readonly render = () => {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    const index = this.index;
    if (!index) return;
    if (clusterRadius(window.innerWidth) !== this.radius) {
      this.rebuild();
      return;
    }
    const hadFocus = this.focus.hasFocus();
    const b = this.map.getBounds();
    this.view.west = b.getWest();
    this.view.south = b.getSouth();
    this.view.east = b.getEast();
    this.view.north = b.getNorth();
    const zoom = this.map.getZoom();
    const features = index.getClusters(paddedBbox(this.view, PADDING, this.bbox), Math.round(zoom));
    const generation = ++this.generation;
    const singles: Placed[] = [];
    for (const feature of features) {
      const properties = feature.properties;
      if ('cluster' in properties && properties.cluster) {
        this.clusters.offer(feature as ClusterFeature, generation);
        continue;
      }
      const id = (properties as { id: number }).id;
      if (!this.indexedEvents[id]) continue;
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const { x, y } = this.map.project([lat, lng], zoom);
      singles.push({ id, x, y });
    }
    const next = this.nextShown;
    next.clear();
    this.groups.startUpdate();
    for (const ids of groupNearby(singles, GROUP_RADIUS)) {
      if (ids.length > 1)
        this.groups.keep(
          ids.map((id) => this.indexedEvents[id]!),
          generation,
        );
      else this.keepMarker(ids[0]!, next);
    }
    diffShown(this.shown, next, this.show, this.hide);
    this.nextShown = this.shown;
    this.shown = next;
    this.clusters.place(generation);
    this.groups.removeGone(generation);
    this.focus.refresh(hadFocus);
  };

  /** The marker of event `id` made (anew if the event changed) and counted among those to show. */
  private keepMarker(id: number, next: Set<number>) {
    const event = this.indexedEvents[id]!;
    // A changed event (live update) is fetched again as a new object: its marker is made anew.
    if (this.markerEvents.get(id) !== event) {
      if (this.shown.delete(id)) this.markers.get(id)?.remove();
      this.markers.set(id, this.createMarker(id, event));
      this.markerEvents.set(id, event);
    }
    next.add(id);
  }

  private readonly show = (id: number) => void this.markers.get(id)?.addTo(this.map);
  private readonly hide = (id: number) => void this.markers.get(id)?.remove();

  private titleOf(event: Event): string {
    return this.lang === 'fr' ? event.titleFr : event.titleEn;
  }

  /** Opens event `id` (its latest version), remembering where the focus returns. */
  private open(id: number) {
    const current = useSearchStore.getState().eventsById[id];
    if (!current) return;
    this.opener = id;
    this.onSelect.current?.(current);
  }

  private createMarker(id: number, event: Event): L.Marker {
    const title = this.titleOf(event);
    const marker = stackedMarker([event.latitude ?? 0, event.longitude ?? 0], {
      title,
      keyboard: false,
      icon: eventIcon(event, title),
    });
    return this.focus.attach(marker, () => this.open(id));
  }
}
