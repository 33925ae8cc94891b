/**
 * The keyboard over the map's markers (WCAG 2.1.2: no keyboard trap): the markers are one composite control with a
 * roving tab index. Exactly one marker in view is in the tab order (the last one focused, else the first in reading
 * order), so Tab enters the markers and leaves them in one step; the arrow keys, Home and End move between the
 * markers in view; Enter and Space act as a click, as on a button.
 */
import type L from 'leaflet';
import { type FocusItem, firstInOrder, moveIndex, readingOrder } from '../utils/roving-focus';
import { ON_TOP } from './stacked-marker';

/** The roving tab index of one map's markers. */
export class MarkerFocus {
  /** The marker in the tab order. */
  private stop: L.Marker | null = null;

  constructor(
    private readonly map: L.Map,
    /** The markers on the map now (events, clusters, groups), in view or not. */
    private readonly markers: () => Iterable<L.Marker>,
  ) {}

  /**
   * Makes `marker` a button of the group each time Leaflet adds its element (a removed marker loses its element):
   * out of the tab order unless it is the tab stop, `action` on Enter and Space, the arrow keys to move on;
   * `decorate` adds what else the element needs (a name, a popup state).
   */
  attach(marker: L.Marker, action: () => void, decorate?: (element: HTMLElement) => void): L.Marker {
    marker.on('click', action);
    marker.on('add', () => {
      const element = marker.getElement();
      if (!element) return;
      element.setAttribute('role', 'button');
      decorate?.(element);
      element.tabIndex = marker === this.stop ? 0 : -1;
      element.onkeydown = (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          action();
        } else if (this.move(marker, event.key)) {
          event.preventDefault();
        }
      };
      element.onfocus = () => {
        this.setStop(marker);
        // Raised above its neighbours while focused, so that all of its label can be read.
        marker.setZIndexOffset(ON_TOP);
      };
      element.onblur = () => marker.setZIndexOffset(0);
    });
    return marker;
  }

  /** After the markers changed: the tab stop stays if still shown in view, else the first marker in view takes it. */
  refresh(hadFocus: boolean) {
    const stop = this.stop;
    if (!(stop && this.map.hasLayer(stop) && this.place(stop))) this.setStop(firstInOrder(this.inView())?.key ?? null);
    // The focused marker went away (hidden, grouped, clustered): the focus stays among the markers.
    const active = document.activeElement;
    if (hadFocus && (!active || active === document.body)) this.stop?.getElement()?.focus({ preventScroll: true });
  }

  /** Whether the focus is on one of the markers. */
  hasFocus(): boolean {
    const active = document.activeElement;
    return !!active && this.map.getPane('markerPane')?.contains(active) === true;
  }

  /** Focuses `marker` and makes it the tab stop. */
  focus(marker: L.Marker) {
    this.setStop(marker);
    marker.getElement()?.focus();
  }

  dispose() {
    this.stop = null;
  }

  private setStop(marker: L.Marker | null) {
    if (marker === this.stop) {
      const element = marker?.getElement();
      if (element) element.tabIndex = 0;
      return;
    }
    const previous = this.stop?.getElement();
    if (previous) previous.tabIndex = -1;
    this.stop = marker;
    const element = marker?.getElement();
    if (element) element.tabIndex = 0;
  }

  /** Moves from `from` for an arrow key, Home or End; false for any other key. */
  private move(from: L.Marker, key: string): boolean {
    const order = readingOrder(this.inView());
    const next = moveIndex(
      order.length,
      order.findIndex((item) => item.key === from),
      key,
    );
    if (next === null) return false;
    const target = order[next]?.key;
    if (target) this.focus(target);
    return true;
  }

  /** The marker's position in the map's container (px), or null when it is out of view. */
  private place(marker: L.Marker): FocusItem<L.Marker> | null {
    const size = this.map.getSize();
    const { x, y } = this.map.latLngToContainerPoint(marker.getLatLng());
    return x >= 0 && y >= 0 && x <= size.x && y <= size.y ? { key: marker, x, y } : null;
  }

  private inView(): FocusItem<L.Marker>[] {
    const items: FocusItem<L.Marker>[] = [];
    for (const marker of this.markers()) {
      const item = this.place(marker);
      if (item) items.push(item);
    }
    return items;
  }
}
