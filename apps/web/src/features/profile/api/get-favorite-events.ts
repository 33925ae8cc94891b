/** `GET /connected/events/favorite`: the signed-in viewer's favourite events. */
import type { Event } from '@evmap/contract/events';
import { eventRoutes } from '@evmap/contract/routes/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

/** Fetches the favourite events. */
export async function getFavoriteEvents(signal?: AbortSignal): Promise<Event[]> {
  return (await callEndpoint(eventRoutes.favorites, { signal })).events;
}

/** Query options for the favourite events. */
export const favoriteEventsQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.favorites(), queryFn: ({ signal }) => getFavoriteEvents(signal) });

/** The favourite events as a query. */
export function useFavoriteEvents() {
  return useQuery(favoriteEventsQueryOptions());
}
