/** `GET /connected/events`: the signed-in event-manager's own events. */
import type { Event, eventsResponseSchema } from '@evmap/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

/** The endpoint: answers `{ events }`, each with `isPast` computed by the server in the event's zone. */
export const ownEventsEndpoint = endpoint<{ response: typeof eventsResponseSchema }>()('GET', '/connected/events');

/** Fetches the own events. */
export async function getOwnEvents(signal?: AbortSignal): Promise<Event[]> {
  return (await callEndpoint(ownEventsEndpoint, { signal })).events;
}

/** Query options for the own events. */
export const ownEventsQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.ownList(), queryFn: ({ signal }) => getOwnEvents(signal) });

/** The own events as a query. */
export function useOwnEvents() {
  return useQuery(ownEventsQueryOptions());
}
