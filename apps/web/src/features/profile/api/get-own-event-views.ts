/**
 * `GET /connected/events/views`: the views of the last 7 days of every own event, in one call for the whole
 * list (under `eventKeys.own()`, so every change of an own event refreshes it).
 */
import { eventRoutes } from '@evmap/contract/routes/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

/** Views by event id (events without views are absent). */
export async function getOwnEventViews(signal?: AbortSignal): Promise<Map<number, number>> {
  const { views } = await callEndpoint(eventRoutes.ownViews, { signal });
  return new Map(views.map((row) => [row.eventId, row.lastSevenDays]));
}

export const ownEventViewsQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.ownViews(), queryFn: ({ signal }) => getOwnEventViews(signal) });

/** The week's views of the own events; `enabled` once the list is shown. */
export function useOwnEventViews(enabled = true) {
  return useQuery({ ...ownEventViewsQueryOptions(), enabled });
}
