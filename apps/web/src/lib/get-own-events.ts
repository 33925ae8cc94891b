/**
 * `GET /connected/events`: the signed-in event-manager's own events (not deleted), each with `isPast` computed by
 * the server in the event's zone. Listed by the profile, and read by the plans page for the events a plan change
 * deletes: one key, one cache entry and one invalidation for both, so it lives below them.
 */
import type { Event } from '@evmap/contract/events';
import { eventRoutes } from '@evmap/contract/routes/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

/** Resolves with the own events, deleted ones left out. */
export async function getOwnEvents(signal?: AbortSignal): Promise<Event[]> {
  return (await callEndpoint(eventRoutes.ownList, { signal })).events;
}

/** Query options under `eventKeys`, so that any saved or deleted event reads the list again. */
export const ownEventsQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.ownList(), queryFn: ({ signal }) => getOwnEvents(signal) });

/** The own events as a query; only event-managers have some to ask for. */
export function useOwnEvents(enabled = true) {
  return useQuery({ ...ownEventsQueryOptions(), enabled });
}
