/**
 * What the map already knows of an event (its marker: title, cover, place) among the marker answers TanStack Query
 * holds, so that a screen opening the event (the modal) can show it while its details load. In lib: the map and the
 * event modal are two features.
 */
import type { Marker } from '@evmap/contract/marker-tiles';
import type { QueryClient } from '@tanstack/react-query';
import { eventKeys } from '@/lib/query-keys';

/** The marker of event `handleOrUuid` among the marker answers held, if any. */
export function heldMarker(client: QueryClient, handleOrUuid: string): Marker | undefined {
  for (const [, data] of client.getQueriesData<{ markers: Marker[] }>({ queryKey: eventKeys.markers() })) {
    const found = data?.markers.find((marker) => marker.handle === handleOrUuid);
    if (found) return found;
  }
  return undefined;
}
