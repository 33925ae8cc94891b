/** `GET /connected/events/favorite`: the signed-in viewer's favourite events. */
import type { Event, eventsResponseSchema } from '@evmap/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

/** The endpoint: answers `{ events }`, the latest favourite first. */
export const favoriteEventsEndpoint = endpoint<{ response: typeof eventsResponseSchema }>()(
  'GET',
  '/connected/events/favorite',
);

/** Fetches the favourite events. */
export async function getFavoriteEvents(signal?: AbortSignal): Promise<Event[]> {
  return (await callEndpoint(favoriteEventsEndpoint, { signal })).events;
}

/** Query options for the favourite events. */
export const favoriteEventsQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.favorites(), queryFn: ({ signal }) => getFavoriteEvents(signal) });

/** The favourite events as a query. */
export function useFavoriteEvents() {
  return useQuery(favoriteEventsQueryOptions());
}
