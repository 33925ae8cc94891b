/**
 * Whether an event can appear on the map (spec sections 3 and 5): the map's search finds an event by its
 * point and its days, so an event needs valid coordinates (zero and out-of-range values are ignored) and
 * at least one date. The owner may save an event without them (only `titleFr` is required); the form and
 * the profile list say what keeps it off the map. One rule, used by the web app and the API.
 */

/** What an event lacks to be on the map, in the order the message names them. */
export type MapBlocker = 'place' | 'date';

/** The fields the rule reads. */
export type MapReadinessFields = {
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  dates: readonly unknown[] | null | undefined;
};

/** A coordinate the map can use: a finite number, not zero, within `limit` degrees. */
export function usableCoordinate(value: number | null | undefined, limit: 90 | 180): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value !== 0 && Math.abs(value) <= limit;
}

/** What keeps the event off the map: an empty list when nothing does. */
export function mapBlockers(event: MapReadinessFields): MapBlocker[] {
  const blockers: MapBlocker[] = [];
  if (!usableCoordinate(event.latitude, 90) || !usableCoordinate(event.longitude, 180)) blockers.push('place');
  if (!event.dates || event.dates.length === 0) blockers.push('date');
  return blockers;
}

/** The i18n key of the "Not on the map: add …" message, or null when the event can be on the map. */
export function mapBlockersKey(blockers: readonly MapBlocker[]): 'placeAndDate' | 'place' | 'date' | null {
  if (blockers.length === 0) return null;
  return blockers.length === 2 ? 'placeAndDate' : blockers[0] === 'place' ? 'place' : 'date';
}
