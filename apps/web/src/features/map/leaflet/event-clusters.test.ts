// @vitest-environment happy-dom
import { MAP } from '@evmap/contract/constants';
import L from 'leaflet';
import type Supercluster from 'supercluster';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventClusters } from './event-clusters';
import { MarkerFocus } from './marker-focus';

let map: L.Map | null = null;
afterEach(() => {
  map?.remove();
  map = null;
  document.body.innerHTML = '';
});

type ClusterFeature = Supercluster.ClusterFeature<Supercluster.AnyProps>;

/** A supercluster cluster of `count` events at (lat, lng). */
function cluster(id: number, count: number, lat: number, lng: number): ClusterFeature {
  return {
    type: 'Feature',
    id,
    properties: { cluster: true, cluster_id: id, point_count: count, point_count_abbreviated: count },
    geometry: { type: 'Point', coordinates: [lng, lat] },
  };
}

/** An 800×600 map at zoom 10 around Montréal, with its clusters; `expansionZoom` answers 14 unless told. */
function setUp(expansionZoom: (clusterId: number) => number = () => 14) {
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: 800 });
  Object.defineProperty(container, 'clientHeight', { value: 600 });
  document.body.append(container);
  map = L.map(container, { center: [45.5, -73.6], zoom: 10 });
  const clusters: EventClusters = new EventClusters({
    map,
    focus: new MarkerFocus(map, () => clusters.markers()),
    label: (count) => `${count} events`,
    expansionZoom,
  });
  let generation = 0;
  /** One update: these clusters offered, then placed. */
  const update = (...features: ClusterFeature[]) => {
    generation += 1;
    for (const feature of features) clusters.offer(feature, generation);
    clusters.place(generation);
    return [...clusters.markers()];
  };
  const shown = () =>
    [...container.querySelectorAll<HTMLElement>('.evm-cluster')].map((element) => element.getAttribute('aria-label'));
  return { map, clusters, update, shown };
}

describe('the cluster markers', () => {
  it('shows a marker per cluster, named by its count', () => {
    const { map, update, shown } = setUp();
    const markers = update(cluster(1, 12, 45.5, -73.6), cluster(2, 4, 45.6, -73.4));
    expect(markers).toHaveLength(2);
    expect(markers.every((marker) => map.hasLayer(marker))).toBe(true);
    expect(shown().sort()).toEqual(['12 events', '4 events']);
    expect(markers[0]!.getElement()!.textContent).toBe('12');
    expect(markers[0]!.getElement()!.getAttribute('role')).toBe('button');
  });

  it('keeps the marker of a cluster that stays in place, its count updated', () => {
    const { update, shown } = setUp();
    const [before] = update(cluster(1, 12, 45.5, -73.6));
    const [after] = update(cluster(7, 30, 45.5, -73.6));
    expect(after).toBe(before);
    expect(shown()).toEqual(['30 events']);
    const element = after!.getElement()!;
    expect(element.textContent).toBe('30');
    expect(element.title).toBe('30 events');
    // Above 25 events, the big size class.
    expect(element.classList.contains('evm-cluster-big')).toBe(true);
  });

  it('moves the marker of a cluster gone to a new cluster rather than making another', () => {
    const { map, update, shown } = setUp();
    const [first, second] = update(cluster(1, 12, 45.5, -73.6), cluster(2, 4, 45.6, -73.4));
    const markers = update(cluster(3, 5, 45.45, -73.7));
    expect(markers).toHaveLength(1);
    expect([first, second]).toContain(markers[0]);
    expect(markers[0]!.getLatLng()).toEqual(L.latLng(45.45, -73.7));
    expect(shown()).toEqual(['5 events']);
    // The other marker left the map.
    expect([first, second].filter((marker) => map.hasLayer(marker!))).toHaveLength(1);
  });

  it('removes the clusters gone, and never moves the focused one to another cluster', () => {
    const { map, update, shown } = setUp();
    const [focused, other] = update(cluster(1, 12, 45.5, -73.6), cluster(2, 4, 45.6, -73.4));
    focused!.getElement()!.focus();
    // The focused marker is not reused: the keyboard focus does not jump to a cluster elsewhere.
    expect(update(cluster(3, 5, 45.45, -73.7))).toEqual([other]);
    expect(map.hasLayer(focused!)).toBe(false);
    expect(update()).toEqual([]);
    expect(shown()).toEqual([]);
  });

  it('zooms into a pressed cluster, at most to the map’s closest zoom', () => {
    const { map, update } = setUp((clusterId) => (clusterId === 1 ? 14 : 30));
    const setView = vi.spyOn(map, 'setView');
    const [near, far] = update(cluster(1, 12, 45.5, -73.6), cluster(2, 4, 45.6, -73.4));
    near!.fire('click');
    expect(setView).toHaveBeenLastCalledWith(L.latLng(45.5, -73.6), 14);
    far!.getElement()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(setView).toHaveBeenLastCalledWith(L.latLng(45.6, -73.4), MAP.maxZoom);
  });

  it('zooms one level closer when the index changed since the cluster was placed', () => {
    const { map, update } = setUp(() => {
      throw new Error('stale cluster id');
    });
    const setView = vi.spyOn(map, 'setView');
    const [marker] = update(cluster(1, 12, 45.5, -73.6));
    marker!.fire('click');
    expect(setView).toHaveBeenLastCalledWith(L.latLng(45.5, -73.6), 11);
  });

  it('removes every marker on clear', () => {
    const { clusters, update, shown } = setUp();
    update(cluster(1, 12, 45.5, -73.6), cluster(2, 4, 45.6, -73.4));
    clusters.clear();
    expect([...clusters.markers()]).toEqual([]);
    expect(shown()).toEqual([]);
  });
});
