/** The Leaflet icons of the map's markers: an event (image and title), a cluster (a count), a group (a list). */
import { MARKER_IMAGE_WIDTH } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import L from 'leaflet';
import { imageUrl } from '@/lib/image-url';
import { clusterSize, markerTitle } from './geo';

/** Text made safe for HTML (markers are built as HTML strings, without React). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

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

/** The pill of an event: its image and its title, cut at 40 characters. */
export function eventIcon(event: Event, title: string): L.DivIcon {
  const src = imageUrl(event.images, MARKER_IMAGE_WIDTH);
  const image = src ? `<img src="${src}" alt="" width="48" height="48" loading="lazy">` : '';
  return L.divIcon({
    className: 'evm-marker',
    html: `${image}<span>${escapeHtml(markerTitle(title))}</span>`,
    iconSize: undefined,
    iconAnchor: [24, 24],
  });
}

/** The pill of events at one place, drawn as a stack: the first one's image and "3 events here". */
export function groupIcon(first: Event, label: string): L.DivIcon {
  const src = imageUrl(first.images, MARKER_IMAGE_WIDTH);
  const image = src ? `<img src="${src}" alt="" width="48" height="48" loading="lazy">` : '';
  return L.divIcon({
    className: 'evm-marker evm-group',
    html: `${image}<span>${escapeHtml(label)}</span>`,
    iconSize: undefined,
    iconAnchor: [24, 24],
  });
}
