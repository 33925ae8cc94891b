/**
 * Where an organiser's event stands, for its card in /profile (one line, the most telling first): past,
 * inactive (deactivated by an administrator), not on the map (and what it lacks, the rule of the event form:
 * mapBlockers), or on the map.
 */
import type { Event } from '@evmap/contract/events';
import { mapBlockers, mapBlockersKey } from '@evmap/contract/map-readiness';

export type OwnerEventStatus =
  | { kind: 'past' }
  | { kind: 'inactive' }
  | { kind: 'offMap'; reason: 'placeAndDate' | 'place' | 'date' }
  | { kind: 'onMap' };

export function ownerEventStatus(
  event: Pick<Event, 'isPast' | 'active' | 'latitude' | 'longitude' | 'dates'>,
): OwnerEventStatus {
  if (event.isPast) return { kind: 'past' };
  if (!event.active) return { kind: 'inactive' };
  const reason = mapBlockersKey(mapBlockers(event));
  return reason ? { kind: 'offMap', reason } : { kind: 'onMap' };
}
