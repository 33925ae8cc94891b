/**
 * The group markers of one map: events whose markers would cover each other (the same or nearly the same place)
 * shown as one marker, "3 events here", that opens the list of them (group-list). A group is kept while the same
 * events make it, and made anew when one of them changes.
 */
import type { Marker } from '@evmap/contract/markers';
import type L from 'leaflet';
import { groupKey } from '../utils/marker-groups';
import { openGroupList } from './group-list';
import type { MarkerFocus } from './marker-focus';
import { groupIcon } from './marker-icons';
import { stackedMarker } from './stacked-marker';

type GroupEntry = { key: string; events: Marker[]; marker: L.Marker; seen: number };

/** What the groups need from the map's markers. */
export type GroupContext = {
  map: L.Map;
  focus: MarkerFocus;
  /** The title of an event in the user's language. */
  titleOf: (event: Marker) => string;
  /** "3 events here", the list's name and its close button's label, in the user's language. */
  labels: () => { marker: (count: number) => string; list: (count: number) => string; close: string };
  /** The latest version of an event (a live update may have changed it since the group was made). */
  latest: (event: Marker) => Marker;
  /** Opens a chosen event. */
  open: (event: Marker) => void;
};

/** The group markers of one map, updated by EventMarkers: `startUpdate`, `keep` each group, then `removeGone`. */
export class EventGroups {
  private readonly groups = new Map<string, GroupEntry>();
  /** The group showing each grouped event. */
  private readonly groupOf = new Map<number, GroupEntry>();
  /** The open list, and its group's key. */
  private list: { popup: L.Popup; key: string } | null = null;

  constructor(private readonly context: GroupContext) {}

  /** Starts an update: which event is in which group is known again once the update has kept its groups. */
  startUpdate() {
    this.groupOf.clear();
  }

  /** The group of `events` (in id order) kept for this update, or made when new or when one of them changed. */
  keep(events: Marker[], generation: number) {
    const key = groupKey(events.map((event) => event.id));
    let entry = this.groups.get(key);
    if (entry?.events.some((event, i) => event !== events[i])) {
      entry.marker.remove();
      entry = undefined;
    }
    if (!entry) {
      entry = this.create(key, events, generation);
      this.groups.set(key, entry);
    }
    entry.seen = generation;
    for (const event of events) this.groupOf.set(event.id, entry);
  }

  /** Ends an update: the groups not kept are removed, and the list of one of them is closed. */
  removeGone(generation: number) {
    for (const [key, entry] of this.groups) {
      if (entry.seen === generation) continue;
      if (this.list?.key === key) this.context.map.closePopup(this.list.popup);
      entry.marker.remove();
      this.groups.delete(key);
    }
  }

  /** The marker of the group showing event `id`, if any. */
  markerOf(id: number): L.Marker | undefined {
    return this.groupOf.get(id)?.marker;
  }

  /** Every group marker, among the candidates of the keyboard's tab stop (MarkerFocus). */
  *markers(): Generator<L.Marker> {
    for (const entry of this.groups.values()) yield entry.marker;
  }

  /** Removes every group (and closes the list). */
  clear() {
    if (this.list) this.context.map.closePopup(this.list.popup);
    for (const entry of this.groups.values()) entry.marker.remove();
    this.groups.clear();
    this.groupOf.clear();
  }

  private create(key: string, events: Marker[], generation: number): GroupEntry {
    const { map, focus, titleOf, labels } = this.context;
    const first = events[0]!;
    const marker = stackedMarker([first.latitude, first.longitude], {
      title: events.map(titleOf).join(' · '),
      keyboard: false,
      icon: groupIcon(first, labels().marker(events.length)),
    });
    const entry: GroupEntry = { key, events, marker, seen: generation };
    focus.attach(
      marker,
      () => this.open(entry),
      (element) => {
        element.setAttribute('aria-haspopup', 'dialog');
        element.setAttribute('aria-expanded', String(this.list?.key === key));
      },
    );
    marker.addTo(map);
    return entry;
  }

  private open(entry: GroupEntry) {
    const { map, titleOf, labels, latest, open } = this.context;
    const events = entry.events.map(latest);
    const text = labels();
    const popup = openGroupList({
      map,
      marker: entry.marker,
      events,
      titleOf,
      labels: { list: text.list(events.length), close: text.close },
      onChoose: open,
    });
    this.list = { popup, key: entry.key };
    entry.marker.getElement()?.setAttribute('aria-expanded', 'true');
    popup.on('remove', () => {
      entry.marker.getElement()?.setAttribute('aria-expanded', 'false');
      if (this.list?.popup === popup) this.list = null;
    });
  }
}
