// @vitest-environment happy-dom
import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMarker } from '@/test/fixtures';
import { openGroupList } from './group-list';

let map: L.Map | null = null;
afterEach(() => {
  map?.remove();
  map = null;
  document.body.innerHTML = '';
});

/** A map with one focusable marker, and the list of two events opened over it. */
function openList(onChoose = vi.fn()) {
  const container = document.createElement('div');
  document.body.append(container);
  map = L.map(container, { center: [45.5, -73.6], zoom: 12 });
  const marker = L.marker([45.5, -73.6], { keyboard: true }).addTo(map);
  const events = [testMarker({ id: 1, title: 'First' }), testMarker({ id: 2, title: 'Second' })];
  const popup = openGroupList({
    map,
    marker,
    events,
    titleOf: (event) => event.title,
    labels: { list: '2 events at this place', close: 'Close the list' },
    onChoose,
  });
  const list = document.querySelector<HTMLElement>('[role="dialog"]')!;
  const items = [...list.querySelectorAll<HTMLButtonElement>('li button')];
  const key = (name: string) => list.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
  return { map, marker, popup, list, items, key, onChoose };
}

describe('the list of the events at one place', () => {
  it('names itself, lists every event as a button and takes the focus', () => {
    const { list, items } = openList();
    expect(list.getAttribute('aria-label')).toBe('2 events at this place');
    expect(items.map((item) => item.textContent)).toEqual(['First', 'Second']);
    expect(document.activeElement).toBe(items[0]);
    expect(list.querySelector('button[aria-label="Close the list"]')).not.toBeNull();
  });

  it('is no dialog any more once closed, while Leaflet fades it out', () => {
    const { list, items, map } = openList();
    // As in a browser with CSS transitions: Leaflet keeps a closed popup 200 ms to fade it.
    (map as unknown as { _fadeAnimated: boolean })._fadeAnimated = true;
    items[1]!.click();
    expect(list.isConnected).toBe(true);
    expect(list.getAttribute('role')).toBeNull();
    expect(list.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('moves with the arrow keys, Home and End, and goes back to the marker with Escape', () => {
    const { items, key, marker, map } = openList();
    key('ArrowDown');
    expect(document.activeElement).toBe(items[1]);
    key('ArrowDown');
    expect(document.activeElement).toBe(items[0]);
    key('ArrowUp');
    expect(document.activeElement).toBe(items[1]);
    key('Home');
    expect(document.activeElement).toBe(items[0]);
    key('End');
    expect(document.activeElement).toBe(items[1]);
    key('Escape');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(map.hasLayer(marker)).toBe(true);
    expect(document.activeElement).toBe(marker.getElement());
  });

  it('opens the chosen event and closes', () => {
    const { items, onChoose } = openList();
    items[1]!.click();
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
