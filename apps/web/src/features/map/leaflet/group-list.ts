/**
 * The list of the events at one place, opened from their group marker in a Leaflet popup: a button per event,
 * the focus on the first one, the arrow keys between them, Escape or the close button back to the marker.
 */
import type { Marker } from '@evmap/contract/markers';
import L from 'leaflet';

export type GroupListOptions = {
  map: L.Map;
  marker: L.Marker;
  events: readonly Marker[];
  /** The title of an event in the user's language. */
  titleOf: (event: Marker) => string;
  /** The list's accessible name and its close button's label. */
  labels: { list: string; close: string };
  /** An event was chosen (the list is closed first). */
  onChoose: (event: Marker) => void;
};

const LIST_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

function button(className: string, text: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = text;
  return element;
}

/** Opens the list over `marker`; answers the popup (closed by `map.closePopup`). */
export function openGroupList({ map, marker, events, titleOf, labels, onChoose }: GroupListOptions): L.Popup {
  const root = document.createElement('div');
  root.className = 'evm-group-list';
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', labels.list);
  const close = button('evm-group-close', '×');
  close.setAttribute('aria-label', labels.close);
  const list = document.createElement('ul');
  const items = events.map((event) => {
    const item = document.createElement('li');
    const choose = button('evm-group-item', titleOf(event));
    item.append(choose);
    list.append(item);
    return { event, choose };
  });
  root.append(close, list);

  let chosen = false;
  const popup = L.popup({
    closeButton: false,
    autoPan: true,
    className: 'evm-group-popup',
    offset: [0, -22],
    minWidth: 200,
    maxWidth: 300,
  })
    .setLatLng(marker.getLatLng())
    .setContent(root);

  const back = () => {
    map.closePopup(popup);
    marker.getElement()?.focus();
  };
  close.onclick = back;
  for (const { event, choose } of items) {
    choose.onclick = () => {
      chosen = true;
      map.closePopup(popup);
      onChoose(event);
    };
  }
  root.onkeydown = (key) => {
    if (key.key === 'Escape') {
      key.preventDefault();
      back();
      return;
    }
    if (!LIST_KEYS.has(key.key)) return;
    const buttons = items.map((item) => item.choose);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const last = buttons.length - 1;
    const next =
      key.key === 'Home'
        ? 0
        : key.key === 'End'
          ? last
          : key.key === 'ArrowDown'
            ? (at + 1) % buttons.length
            : (at - 1 + buttons.length) % buttons.length;
    key.preventDefault();
    buttons[at < 0 && key.key === 'ArrowUp' ? last : next]?.focus();
  };
  popup.on('remove', () => {
    // Leaflet fades a closed popup out before removing it: meanwhile it is no dialog any more, for assistive
    // technologies (and for a list opened again at once, which would otherwise have a twin).
    root.removeAttribute('role');
    root.setAttribute('aria-hidden', 'true');
    // Closed with the focus inside (a click on the map, a zoom): back to the marker, unless an event was chosen.
    const active = document.activeElement;
    if (!chosen && (!active || active === document.body || root.contains(active))) marker.getElement()?.focus();
  });
  popup.openOn(map);
  items[0]?.choose.focus();
  return popup;
}
