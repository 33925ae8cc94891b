/** The Leaflet icons of the map's markers: an event (image and title), a cluster (a count), a group (a list). */
import { escapeHtml } from '@evmap/contract/html';
import type { Marker } from '@evmap/contract/markers';
import L from 'leaflet';
import { clusterSize, markerTitle } from '../utils/geo';

/** Cluster diameters (px) by size class. */
const CLUSTER_PX = { small: 40, medium: 48, big: 56 } as const;

/** The round icon of a cluster of `count` events. */
export function clusterIcon(count: number): L.DivIcon {
  const size = clusterSize(count);
  return L.divIcon({
    className: `evm-cluster evm-cluster-${size}`,
    html: `<span>${count}</span>`,
    iconSize: [CLUSTER_PX[size], CLUSTER_PX[size]],
  });
}

/** The element of a cluster icon shown with another count (what setIcon would do, in fewer DOM writes). */
export function recount(element: HTMLElement, before: number, count: number, label: string) {
  const [from, to] = [clusterSize(before), clusterSize(count)];
  if (from !== to) {
    element.classList.replace(`evm-cluster-${from}`, `evm-cluster-${to}`);
    const px = CLUSTER_PX[to];
    element.style.width = `${px}px`;
    element.style.height = `${px}px`;
    element.style.marginLeft = `${-px / 2}px`;
    element.style.marginTop = `${-px / 2}px`;
  }
  const text = element.firstChild;
  if (text) text.textContent = String(count);
  element.title = label;
  element.setAttribute('aria-label', label);
}

/** The cover of a marker's pill, decorative (the title says what it is). */
function cover(marker: Marker): string {
  return marker.image ? `<img src="${escapeHtml(marker.image)}" alt="" width="48" height="48" loading="lazy">` : '';
}

/** The pill of an event: its image and its title, cut at 40 characters. */
export function eventIcon(marker: Marker): L.DivIcon {
  const image = cover(marker);
  const title = marker.title;
  return L.divIcon({
    className: 'evm-marker',
    html: `${image}<span>${escapeHtml(markerTitle(title))}</span>`,
    iconSize: undefined,
    iconAnchor: [24, 24],
  });
}

/** The pill of events at one place, drawn as a stack: the first one's image and "3 events here". */
export function groupIcon(first: Marker, label: string): L.DivIcon {
  const image = cover(first);
  return L.divIcon({
    className: 'evm-marker evm-group',
    html: `${image}<span>${escapeHtml(label)}</span>`,
    iconSize: undefined,
    iconAnchor: [24, 24],
  });
}
