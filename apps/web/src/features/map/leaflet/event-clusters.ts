/**
 * The cluster markers of one map: a cluster marker is kept while its position stays (its count updated in place),
 * and the marker of a cluster gone is moved to a new cluster rather than re-created. Pressing a cluster zooms into it.
 */
import { MAP } from '@evmap/contract/constants';
import type L from 'leaflet';
import type Supercluster from 'supercluster';
import { clusterKey } from '../utils/cluster-view';
import type { MarkerFocus } from './marker-focus';
import { clusterIcon, recount } from './marker-icons';
import { stackedMarker } from './stacked-marker';

type ClusterEntry = { key: string; marker: L.Marker; count: number; clusterId: number; seen: number };
type ClusterFeature = Supercluster.ClusterFeature<Supercluster.AnyProps>;

/** What the clusters need from the map's markers. */
export type ClusterContext = {
  map: L.Map;
  focus: MarkerFocus;
  /** "12 events", in the user's language. */
  label: (count: number) => string;
  /** The zoom at which a cluster splits, from the current index (throws when the index changed since). */
  expansionZoom: (clusterId: number) => number;
};

/** The cluster markers of one map, updated by EventMarkers: `offer` each cluster of an update, then `place`. */
export class EventClusters {
  private readonly clusters = new Map<string, ClusterEntry>();
  /** Clusters of this update with no marker at their position yet, and markers of clusters gone (reused). */
  private readonly unplaced: ClusterFeature[] = [];
  private readonly stale: ClusterEntry[] = [];

  constructor(private readonly context: ClusterContext) {}

  /** A cluster of this update: its marker kept when one is already at its position, else placed by `place`. */
  offer(feature: ClusterFeature, generation: number) {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const entry = this.clusters.get(clusterKey(lng, lat));
    if (entry && entry.seen !== generation) this.keep(entry, feature, generation);
    else this.unplaced.push(feature);
  }

  /** Places the new clusters, on the markers of clusters gone when there are some (moved, count updated). */
  place(generation: number) {
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
        this.keep(entry, feature, generation);
      } else {
        entry = this.create(key, lat, lng, feature, generation);
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

  /** Every cluster marker, among the candidates of the keyboard's tab stop (MarkerFocus). */
  *markers(): Generator<L.Marker> {
    for (const entry of this.clusters.values()) yield entry.marker;
  }

  /** Removes every cluster marker. */
  clear() {
    for (const entry of this.clusters.values()) entry.marker.remove();
    this.clusters.clear();
  }

  private create(key: string, lat: number, lng: number, feature: ClusterFeature, generation: number) {
    const { cluster_id: clusterId, point_count: count } = feature.properties;
    const { map, focus, label } = this.context;
    const marker = stackedMarker([lat, lng], { title: label(count), keyboard: false, icon: clusterIcon(count) });
    const entry: ClusterEntry = { key, marker, count, clusterId, seen: generation };
    // Named by its count ("12 events"), which the icon shows ("12").
    focus.attach(
      marker,
      () => this.zoomInto(entry),
      (element) => element.setAttribute('aria-label', label(entry.count)),
    );
    marker.addTo(map);
    return entry;
  }

  /** The cluster of `feature` shown by the marker of `entry`: its count updated if it changed. */
  private keep(entry: ClusterEntry, feature: ClusterFeature, generation: number) {
    const { cluster_id: clusterId, point_count: count } = feature.properties;
    if (entry.count !== count) {
      const text = this.context.label(count);
      const { options } = entry.marker;
      options.title = text;
      options.icon = clusterIcon(count);
      const element = entry.marker.getElement();
      if (element) recount(element, entry.count, count, text);
      entry.count = count;
    }
    entry.clusterId = clusterId;
    entry.seen = generation;
  }

  private zoomInto(entry: ClusterEntry) {
    const { map, expansionZoom } = this.context;
    let zoom = map.getZoom() + 1;
    try {
      zoom = expansionZoom(entry.clusterId);
    } catch {
      // The index changed since this cluster was placed: one level closer.
    }
    map.setView(entry.marker.getLatLng(), Math.min(zoom, MAP.maxZoom));
  }
}
