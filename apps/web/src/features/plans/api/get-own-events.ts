/**
 * `GET /connected/events`: the signed-in event-manager's own events, read here to list those a plan change
 * deletes. Same key as the profile's list, so both share one cache entry and one invalidation.
 */
import type { Event, eventsResponseSchema } from '@evmap/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

/** The endpoint: answers `{ events }` (the owner's events that are not deleted). */
export const ownEventsEndpoint = endpoint<{ response: typeof eventsResponseSchema }>()('GET', '/connected/events');

/** Fetches the own events. */
export async function getOwnEvents(signal?: AbortSignal): Promise<Event[]> {
  return (await callEndpoint(ownEventsEndpoint, { signal })).events;
}

/** Query options for the own events. */
export const ownEventsQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.ownList(), queryFn: ({ signal }) => getOwnEvents(signal) });

/** The own events as a query; only event-managers have some to ask for. */
export function useOwnEvents(enabled = true) {
  return useQuery({ ...ownEventsQueryOptions(), enabled });
}
