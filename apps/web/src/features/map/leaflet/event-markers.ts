/**
 * The markers and clusters of the current marker answers on one Leaflet map. The supercluster index is rebuilt only
 * when the shown points change (a marker answer arrived or changed), once after a burst of answers, and never
 * during a move (drag, zoom): it waits for the move's end. A move only queries the clusters around the view.
 * Markers are created once per marker object (again when the event changes: a new object) and only the difference
 * is shown or hidden; a cluster marker is kept while its position stays (its count updated in place), and the
 * marker of a cluster gone is moved to a new cluster rather than re-created. Events whose markers would cover each
 * other (the same or nearly the same place) are shown as one group marker listing them (group-list). The markers
 * are one keyboard control with a roving tab index (marker-focus); the marker that opened an event gets the focus
 * back when the event is closed.
 */
import { CLUSTER } from '@evmap/contract/constants';
import type { Marker } from '@evmap/contract/markers';
import type { DebouncedFunc } from 'es-toolkit/compat';
import debounce from 'es-toolkit/compat/debounce';
import type L from 'leaflet';
import type { RefObject } from 'react';
import Supercluster from 'supercluster';
import type { TFunction } from '@/i18n/translate';
import { collectPoints, createPointCache, diffShown, type Point, paddedBbox, samePoints } from '../utils/cluster-view';
import { clusterRadius } from '../utils/geo';
import { groupNearby, type Placed } from '../utils/marker-groups';
import { EventClusters } from './event-clusters';
import { EventGroups } from './event-groups';
import { MarkerFocus } from './marker-focus';
import { eventIcon } from './marker-icons';
import { stackedMarker } from './stacked-marker';

/** Result pages arriving closer than `wait` ms make one rebuild; a long burst still rebuilds every `maxWait` ms. */
const REBUILD = { wait: 40, maxWait: 250 };
/** Clusters and markers are placed this far (of the view's size) beyond each edge, ready for the next drag. */
const PADDING = 0.25;
/** Event markers closer than this (px) would cover each other's image (42 px): they are shown as one group. */
const GROUP_RADIUS = 44;

type ClusterFeature = Supercluster.ClusterFeature<Supercluster.AnyProps>;

/** How a chosen marker reaches the page (a ref: the caller's latest callback). */
export type MarkerEvents = { select: RefObject<(marker: Marker) => void> };

/** The markers, clusters and groups of one map. */
export class EventMarkers {
  /** The latest markers given, by id (the latest version of each event: a live update may have changed it). */
  private data: ReadonlyMap<number, Marker> = new Map();
  private given: readonly Marker[] = [];
  /** The markers by id when the index was built: what its points are. */
  private indexed: ReadonlyMap<number, Marker> = new Map();
  private index: Supercluster<{ id: number }> | null = null;
  private radius = 0;
  private points: Point[] = [];
  private readonly pointOf = createPointCache<Marker>();
  private readonly rebuildSoon: DebouncedFunc<() => void>;

  private readonly markers = new Map<number, L.Marker>();
  /** The marker object each Leaflet marker was made from: another object (a changed event) makes it anew. */
  private readonly markerEvents = new Map<number, Marker>();
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
    private readonly events: MarkerEvents,
    private t: TFunction,
  ) {
    this.rebuildSoon = debounce(this.rebuild, REBUILD.wait, { maxWait: REBUILD.maxWait });
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
      titleOf: (marker) => marker.title,
      labels: () => ({
        marker: (count) => this.t('map.group', { count }),
        list: (count) => this.t('map.groupList', { count }),
        close: this.t('map.closeList'),
      }),
      latest: (marker) => this.data.get(marker.id) ?? marker,
      open: (marker) => this.open(marker.id),
    });
    map.on('movestart', this.moveStart);
    map.on('moveend', this.moveEnd);
  }

  /**
   * The markers to show (those of every marker answer around the view; an event in two answers once): the index
   * follows after the burst of answers. An unchanged event keeps its marker object (TanStack Query's structural
   * sharing), so only the markers of changed events are made anew.
   */
  setData(markers: readonly Marker[]) {
    if (markers === this.given) return;
    this.given = markers;
    const data = new Map<number, Marker>();
    for (const marker of markers) data.set(marker.id, marker);
    this.data = data;
    this.rebuildSoon();
  }

  /** Clusters and groups labelled from `t` (the markers' titles come in the answers' language). */
  setLabels(t: TFunction) {
    if (t === this.t) return;
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
    const points = collectPoints(this.data.values(), this.pointOf);
    const radius = clusterRadius(window.innerWidth);
    // The same point objects are the same event objects: nothing to show differently.
    if (this.index && radius === this.radius && samePoints(points, this.points)) return;
    const index = new Supercluster<{ id: number }>({ radius, maxZoom: CLUSTER.maxZoom, minPoints: CLUSTER.minPoints });
    index.load(points);
    this.index = index;
    this.radius = radius;
    this.points = points;
    this.indexed = this.data;
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
      this.rebuildSoon();
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
      if (!this.indexed.has(id)) continue;
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
          ids.map((id) => this.indexed.get(id)!),
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
    const marker = this.indexed.get(id)!;
    // A changed event (live update) comes again as a new object: its marker is made anew.
    if (this.markerEvents.get(id) !== marker) {
      if (this.shown.delete(id)) this.markers.get(id)?.remove();
      this.markers.set(id, this.createMarker(marker));
      this.markerEvents.set(id, marker);
    }
    next.add(id);
  }

  private readonly show = (id: number) => void this.markers.get(id)?.addTo(this.map);
  private readonly hide = (id: number) => void this.markers.get(id)?.remove();

  /** Opens the latest version of event `id`, remembering where the focus returns. */
  private open(id: number) {
    const current = this.data.get(id) ?? this.indexed.get(id);
    if (!current) return;
    this.opener = id;
    this.events.select.current?.(current);
  }

  private createMarker(marker: Marker): L.Marker {
    const leaflet = stackedMarker([marker.latitude, marker.longitude], {
      title: marker.title,
      keyboard: false,
      icon: eventIcon(marker),
    });
    return this.focus.attach(leaflet, () => this.open(marker.id));
  }
}
