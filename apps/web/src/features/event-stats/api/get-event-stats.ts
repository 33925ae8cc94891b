/**
 * `GET /connected/events/{id}/stats` (the owner) and `GET /connected/admin/events/{id}/stats` (an
 * administrator): an event's daily counters of views and clicks, oldest day first.
 */
import type { eventStatsResponseSchema } from '@evmap/contract/events';
import { adminRoutes } from '@evmap/contract/routes/admin';
import { eventRoutes } from '@evmap/contract/routes/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

/** Who reads the statistics: the event's owner or an administrator. */
export type StatsScope = 'owner' | 'admin';

/** One daily counter as the API answers it (`date` is `YYYY-MM-DD`). */
export type EventStatEntry = z.output<typeof eventStatsResponseSchema>['eventStats'][number];

/** Fetches the statistics of event `id` through the call of `scope`. */
export async function getEventStats(scope: StatsScope, id: number, signal?: AbortSignal): Promise<EventStatEntry[]> {
  const call = scope === 'admin' ? adminRoutes.eventStats : eventRoutes.ownStats;
  return (await callEndpoint(call, { params: { id }, signal })).eventStats;
}

/** Query options for the statistics of event `id` as `scope` reads them. */
export const eventStatsQueryOptions = (scope: StatsScope, id: number) =>
  queryOptions({
    queryKey: eventKeys.stats(scope, id),
    queryFn: ({ signal }) => getEventStats(scope, id, signal),
  });

/** The statistics of event `id`, read again each time the tab opens (stale at once, as every query by default). */
export function useEventStats(scope: StatsScope, id: number) {
  return useQuery(eventStatsQueryOptions(scope, id));
}
