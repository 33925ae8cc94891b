// @vitest-environment happy-dom
import type { Marker } from '@evmap/contract/marker-tiles';
import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TFunction } from '@/i18n/translate';
import { testMarker } from '@/test/fixtures';
import { EventMarkers } from './event-markers';

let map: L.Map | null = null;
let markers: EventMarkers | null = null;
afterEach(() => {
  markers?.dispose();
  markers = null;
  map?.remove();
  map = null;
  document.body.innerHTML = '';
});

/** Labels as "key:count", enough to tell clusters and groups apart. */
const t = ((key: string, options?: { count?: number }) => `${key}:${options?.count ?? ''}`) as unknown as TFunction;

/** Events `ids` around Montréal, 0.2° apart (about 150 px at zoom 10): each one its own marker. */
const apart = (...ids: number[]) =>
  ids.map((id, i) => testMarker({ id, title: `Event ${id}`, latitude: 45.5, longitude: -73.9 + i * 0.2 }));

/** Events `ids` within a few metres of each other at (lat, lng). */
const together = (lat: number, lng: number, ...ids: number[]) =>
  ids.map((id, i) => testMarker({ id, title: `Event ${id}`, latitude: lat, longitude: lng + i * 0.0001 }));

/** An 800×600 map at zoom 10 around Montréal with its markers; `data` hands them the markers of the answers. */
function setUp() {
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: 800 });
  Object.defineProperty(container, 'clientHeight', { value: 600 });
  document.body.append(container);
  map = L.map(container, { center: [45.5, -73.6], zoom: 10 });
  const select = vi.fn<(marker: Marker) => void>();
  markers = new EventMarkers(map, { select: { current: select } }, t);
  const data = (list: Marker[]) => markers!.setData(list);
  const query = (selector: string) => [...container.querySelectorAll<HTMLElement>(selector)];
  const singles = () => query('.evm-marker:not(.evm-group)').map((element) => element.title);
  const clusters = () => query('.evm-cluster').map((element) => element.getAttribute('aria-label'));
  const groups = () => query('.evm-group').map((element) => element.title);
  /** Waits until the markers show `titles` (the index is rebuilt after a short pause, shown in the next frame). */
  const shows = (titles: string[]) => vi.waitFor(() => expect(singles().sort()).toEqual([...titles].sort()));
  return { map, markers, data, select, query, singles, clusters, groups, shows };
}

describe('the markers of the latest search', () => {
  it('shows a marker per event, titled in the user’s language, one of them in the tab order', async () => {
    const { data, shows, query } = setUp();
    data(apart(1, 2, 3));
    await shows(['Event 1', 'Event 2', 'Event 3']);
    const elements = query('.evm-marker');
    expect(elements.every((element) => element.getAttribute('role') === 'button')).toBe(true);
    expect(elements.filter((element) => element.tabIndex === 0)).toHaveLength(1);
  });

  it('shows only the difference when the results change: the markers still shown are the same elements', async () => {
    const { data, shows, query } = setUp();
    const events = apart(1, 2, 3);
    data(events);
    await shows(['Event 1', 'Event 2', 'Event 3']);
    const kept = query('.evm-marker').find((element) => element.title === 'Event 2');
    data(events.slice(1));
    await shows(['Event 2', 'Event 3']);
    expect(query('.evm-marker').find((element) => element.title === 'Event 2')).toBe(kept);
  });

  it('makes the marker of a changed event anew', async () => {
    const { data, shows } = setUp();
    const [first, second] = apart(1, 2);
    data([first!, second!]);
    await shows(['Event 1', 'Event 2']);
    data([first!, { ...second!, title: 'Event 2, moved indoors' }]);
    await shows(['Event 1', 'Event 2, moved indoors']);
  });

  it('clusters events close together at this zoom, and groups events at one place', async () => {
    const { data, clusters, groups, singles } = setUp();
    // Five events within a few hundred metres: one cluster; two at one place: one group; one alone.
    const clustered = [1, 2, 3, 4, 5].map((id) =>
      testMarker({ id, latitude: 45.5 + id * 0.001, longitude: -73.6 + id * 0.001 }),
    );
    data([...clustered, ...together(45.55, -73.2, 6, 7), ...apart(8)]);
    await vi.waitFor(() => expect(clusters()).toEqual(['map.cluster:5']));
    expect(groups()).toEqual(['Event 6 · Event 7']);
    expect(singles()).toEqual(['Event 8']);
  });

  it('waits for the end of a move before showing new results', async () => {
    const { map, data, shows, singles } = setUp();
    data(apart(1));
    await shows(['Event 1']);
    map.fire('movestart');
    data(apart(1, 2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(singles()).toEqual(['Event 1']);
    map.fire('moveend');
    await shows(['Event 1', 'Event 2']);
  });

  it('shows the titles of the answers in the other language when they come', async () => {
    const { data, shows } = setUp();
    data(apart(1, 2));
    await shows(['Event 1', 'Event 2']);
    data(apart(1, 2).map((marker) => ({ ...marker, title: `Événement ${marker.id}` })));
    await shows(['Événement 1', 'Événement 2']);
  });

  it('shows an event held by two answers once, and keeps a marker while its object stays', async () => {
    const { data, shows, query } = setUp();
    const [one, two] = apart(1, 2);
    data([one!, two!, one!]);
    await shows(['Event 1', 'Event 2']);
    const kept = query('.evm-marker').find((element) => element.title === 'Event 1');
    data([one!, two!]);
    await shows(['Event 1', 'Event 2']);
    expect(query('.evm-marker').find((element) => element.title === 'Event 1')).toBe(kept);
  });

  it('opens the latest version of a chosen event, and gives its marker the focus back afterwards', async () => {
    const { map, markers, data, shows, select, query } = setUp();
    const events = apart(1, 2);
    data(events);
    await shows(['Event 1', 'Event 2']);
    // A live update brought a newer answer while the map moved: the marker is not made anew yet.
    map.fire('movestart');
    const newer = { ...events[1]!, title: 'Event 2, updated' };
    data([events[0]!, newer]);
    const element = query('.evm-marker').find((candidate) => candidate.title === 'Event 2')!;
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(select).toHaveBeenCalledWith(newer);
    // The modal took the focus, then closed.
    (document.activeElement as HTMLElement | null)?.blur();
    markers.restoreFocus();
    expect(document.activeElement).toBe(element);
    expect(element.tabIndex).toBe(0);
  });

  it('removes every marker when disposed', async () => {
    const { markers, data, shows, query, groups } = setUp();
    data([...apart(1, 2), ...together(45.55, -73.2, 6, 7)]);
    await shows(['Event 1', 'Event 2']);
    expect(groups()).toHaveLength(1);
    markers.dispose();
    expect(query('.leaflet-marker-icon')).toEqual([]);
  });
});
