/**
 * The embed page's map (loaded only when the map is shown): Leaflet with the site's tiles, a marker per place
 * (the events at one point together), each marker a button opening a popup of links to its events.
 */
import 'leaflet/dist/leaflet.css';
import type { Lang } from '@evmap/contract/enums';
import type { Marker } from '@evmap/contract/marker-tiles';
import L from 'leaflet';
import { h } from './dom';
import type { Area } from './main';
import type { MessageKey } from './messages';

/** At most this many places are drawn (the busiest views say that only part is shown). */
const PLACES_MAX = 400;

export type MapOptions = {
  area: Area;
  /** Fit the area's bounds (given by the address) rather than keep its zoom. */
  fitBounds: boolean;
  tiles: { tileUrl: string; tileAttribution: string; tileAttributionFr?: string };
  lang: Lang;
  t: (key: MessageKey, values?: Record<string, string>) => string;
  link: (handle: string, title: string) => HTMLAnchorElement;
  startText: (marker: Marker) => string;
  /** The markers of an area (null when a newer load replaced it or it failed). */
  load: (area: Area) => Promise<Marker[] | null>;
};

/** Mounts the map in `container`; returns how to remove it. */
export function mountMap(container: HTMLElement, options: MapOptions): () => void {
  const { t } = options;
  const element = h('div', { class: 'map', role: 'region', 'aria-label': t('mapLabel') });
  container.append(element);
  // The wheel scrolls the host page, not the map (an iframe must not trap it); the buttons zoom, in the page's language.
  const map = L.map(element, { zoomControl: false, attributionControl: false, scrollWheelZoom: false });
  L.control.zoom({ zoomInTitle: t('zoomIn'), zoomOutTitle: t('zoomOut') }).addTo(map);
  const { bounds } = options.area;
  if (options.fitBounds) {
    map.fitBounds([
      [bounds.south, bounds.west],
      [bounds.north, bounds.east],
    ]);
  } else {
    map.setView([(bounds.north + bounds.south) / 2, (bounds.east + bounds.west) / 2], options.area.zoom);
  }
  L.tileLayer(options.tiles.tileUrl).addTo(map);
  const credit = L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' });
  credit.addAttribution((options.lang === 'fr' && options.tiles.tileAttributionFr) || options.tiles.tileAttribution);
  credit.addTo(map);

  const layer = L.layerGroup().addTo(map);
  const draw = (markers: Marker[]) => {
    layer.clearLayers();
    const places = new Map<string, Marker[]>();
    for (const marker of markers) {
      const key = `${marker.latitude},${marker.longitude}`;
      const place = places.get(key);
      if (place) place.push(marker);
      else if (places.size < PLACES_MAX) places.set(key, [marker]);
    }
    for (const events of places.values()) {
      const [first] = events;
      if (!first) continue;
      const count = events.length;
      const name = count === 1 ? first.title : `${first.title} (+${count - 1})`;
      const icon = L.divIcon({
        className: 'pin',
        html: count > 1 ? `<span aria-hidden="true">${count}</span>` : '',
        iconSize: [22, 22],
      });
      const pin = L.marker([first.latitude, first.longitude], { icon, title: name, keyboard: true });
      pin.bindPopup(() =>
        h(
          'ul',
          { class: 'popup-events' },
          ...events.map((event) =>
            h('li', {}, options.link(event.handle, event.title), h('br'), h('small', {}, options.startText(event))),
          ),
        ),
      );
      pin.on('add', () => pin.getElement()?.setAttribute('aria-label', name));
      // The popup's first link takes the focus (opened from the keyboard too); its close button speaks the page's language.
      pin.on('popupopen', (opened) => {
        const popup = opened.popup.getElement();
        popup?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', t('closePopup'));
        popup?.querySelector<HTMLAnchorElement>('.popup-events a')?.focus({ preventScroll: true });
      });
      layer.addLayer(pin);
    }
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const reload = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const b = map.getBounds();
      const area: Area = {
        bounds: {
          west: Math.max(-180, b.getWest()),
          south: Math.max(-85, b.getSouth()),
          east: Math.min(180, b.getEast()),
          north: Math.min(85, b.getNorth()),
        },
        zoom: map.getZoom(),
      };
      const markers = await options.load(area);
      if (markers) draw(markers);
    }, 150);
  };
  map.on('moveend', reload);
  reload();
  return () => {
    clearTimeout(timer);
    map.remove();
    element.remove();
  };
}
