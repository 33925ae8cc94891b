// @vitest-environment happy-dom
import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkerFocus } from './marker-focus';

let map: L.Map | null = null;
afterEach(() => {
  map?.remove();
  map = null;
  document.body.innerHTML = '';
});

/** An 800×600 map at zoom 10 around Montréal with markers at `places` (one out of view), one tab stop among them. */
function setUp() {
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: 800 });
  Object.defineProperty(container, 'clientHeight', { value: 600 });
  document.body.append(container);
  map = L.map(container, { center: [45.5, -73.6], zoom: 10 });
  const markers: L.Marker[] = [];
  const focus = new MarkerFocus(map, () => markers);
  const actions = vi.fn();
  const add = (name: string, lat: number, lng: number) => {
    const marker = L.marker([lat, lng], { keyboard: false, title: name });
    focus.attach(marker, () => actions(name));
    marker.addTo(map!);
    markers.push(marker);
    return marker;
  };
  // North-west, then east on the same row, then south; the last one is far out of view.
  const west = add('west', 45.6, -73.8);
  const east = add('east', 45.6, -73.4);
  const south = add('south', 45.4, -73.6);
  const away = add('away', 49, -60);
  focus.refresh(false);
  const element = (marker: L.Marker) => marker.getElement()!;
  const press = (marker: L.Marker, key: string) =>
    element(marker).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  return { map, focus, markers, actions, west, east, south, away, element, press };
}

describe('the keyboard over the markers', () => {
  it('puts one marker in the tab order: the first in reading order', () => {
    const { west, east, south, away, element } = setUp();
    expect([west, east, south, away].map((m) => element(m).tabIndex)).toEqual([0, -1, -1, -1]);
    expect(element(west).getAttribute('role')).toBe('button');
  });

  it('moves between the markers in view with the arrow keys, Home and End, and acts on Enter and Space', () => {
    const { west, east, south, element, press, actions } = setUp();
    element(west).focus();
    press(west, 'ArrowRight');
    expect(document.activeElement).toBe(element(east));
    press(east, 'ArrowDown');
    expect(document.activeElement).toBe(element(south));
    // The marker out of view is skipped: back to the first.
    press(south, 'ArrowRight');
    expect(document.activeElement).toBe(element(west));
    press(west, 'ArrowLeft');
    expect(document.activeElement).toBe(element(south));
    press(south, 'Home');
    expect(document.activeElement).toBe(element(west));
    press(west, 'End');
    expect(document.activeElement).toBe(element(south));
    // The tab stop follows the focus: Tab leaves from here and comes back here.
    expect([west, east, south].map((m) => element(m).tabIndex)).toEqual([-1, -1, 0]);
    press(south, 'Enter');
    press(south, ' ');
    expect(actions.mock.calls).toEqual([['south'], ['south']]);
    // Tab is left to the browser (out of the markers).
    expect(press(south, 'Tab')).toBe(true);
  });

  it('keeps the focus among the markers when the focused one goes away', () => {
    const { focus, markers, west, east, element } = setUp();
    element(west).focus();
    const hadFocus = focus.hasFocus();
    west.remove();
    markers.splice(markers.indexOf(west), 1);
    focus.refresh(hadFocus);
    expect(hadFocus).toBe(true);
    expect(document.activeElement).toBe(element(east));
    expect(element(east).tabIndex).toBe(0);
  });
});
