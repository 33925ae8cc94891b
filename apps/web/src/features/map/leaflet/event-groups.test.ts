// @vitest-environment happy-dom
import type { Marker } from '@evmap/contract/marker-tiles';
import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMarker } from '@/test/fixtures';
import { EventGroups } from './event-groups';
import { MarkerFocus } from './marker-focus';

let map: L.Map | null = null;
afterEach(() => {
  map?.remove();
  map = null;
  document.body.innerHTML = '';
});

/** An 800×600 map around Montréal with its groups; `latest` answers the newest version of an event. */
function setUp(latest: (event: Marker) => Marker = (event) => event) {
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: 800 });
  Object.defineProperty(container, 'clientHeight', { value: 600 });
  document.body.append(container);
  map = L.map(container, { center: [45.5, -73.6], zoom: 12 });
  const open = vi.fn<(event: Marker) => void>();
  const groups: EventGroups = new EventGroups({
    map,
    focus: new MarkerFocus(map, () => groups.markers()),
    titleOf: (event) => event.title,
    labels: () => ({
      marker: (count) => `${count} events here`,
      list: (count) => `${count} events at this place`,
      close: 'Close the list',
    }),
    latest,
    open,
  });
  let generation = 0;
  /** One update keeping these groups (each a list of events in id order). */
  const update = (...kept: Marker[][]) => {
    generation += 1;
    groups.startUpdate();
    for (const events of kept) groups.keep(events, generation);
    groups.removeGone(generation);
    return [...groups.markers()];
  };
  const list = () => document.querySelector<HTMLElement>('[role="dialog"]');
  return { map, groups, update, open, list };
}

const a = testMarker({ id: 1, title: 'Concert' });
const b = testMarker({ id: 2, title: 'Market' });
const c = testMarker({ id: 3, title: 'Play' });

describe('the group markers', () => {
  it('shows one marker for events at one place, named by their titles and count', () => {
    const { map, groups, update } = setUp();
    const [marker] = update([a, b]);
    expect(map.hasLayer(marker!)).toBe(true);
    const element = marker!.getElement()!;
    expect(element.title).toBe('Concert · Market');
    expect(element.textContent).toBe('2 events here');
    expect(element.getAttribute('aria-haspopup')).toBe('dialog');
    expect(element.getAttribute('aria-expanded')).toBe('false');
    expect(groups.markerOf(1)).toBe(marker);
    expect(groups.markerOf(2)).toBe(marker);
    expect(groups.markerOf(3)).toBeUndefined();
  });

  it('keeps a group while the same events make it, and makes it anew when one of them changed', () => {
    const { map, update } = setUp();
    const [first] = update([a, b]);
    expect(update([a, b])).toEqual([first]);
    const changed = { ...b, title: 'Night market' };
    const [remade] = update([a, changed]);
    expect(remade).not.toBe(first);
    expect(map.hasLayer(first!)).toBe(false);
    expect(remade!.getElement()!.title).toBe('Concert · Night market');
  });

  it('removes the groups not kept by an update', () => {
    const { map, groups, update } = setUp();
    const [ab] = update([a, b]);
    const markers = update([b, c]);
    expect(markers).toHaveLength(1);
    expect(map.hasLayer(ab!)).toBe(false);
    expect(groups.markerOf(1)).toBeUndefined();
    expect(groups.markerOf(3)).toBe(markers[0]);
  });

  it('opens the list of its events, the latest version of each, and opens the chosen one', () => {
    const newer = { ...b, title: 'Market (moved indoors)' };
    const { update, open, list } = setUp((event) => (event.id === 2 ? newer : event));
    const [marker] = update([a, b]);
    marker!.fire('click');
    expect(list()?.getAttribute('aria-label')).toBe('2 events at this place');
    expect(marker!.getElement()!.getAttribute('aria-expanded')).toBe('true');
    const items = [...list()!.querySelectorAll<HTMLButtonElement>('li button')];
    expect(items.map((item) => item.textContent)).toEqual(['Concert', 'Market (moved indoors)']);
    items[1]!.click();
    expect(open).toHaveBeenCalledWith(newer);
    expect(list()).toBeNull();
    expect(marker!.getElement()!.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the open list when its group goes away, and on clear', () => {
    const { groups, update, list } = setUp();
    const [ab] = update([a, b]);
    ab!.fire('click');
    expect(list()).not.toBeNull();
    const [bc] = update([b, c]);
    expect(list()).toBeNull();
    bc!.fire('click');
    expect(list()).not.toBeNull();
    groups.clear();
    expect(list()).toBeNull();
    expect([...groups.markers()]).toEqual([]);
    expect(groups.markerOf(2)).toBeUndefined();
  });
});
