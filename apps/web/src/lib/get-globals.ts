/**
 * `GET /public/globals`: the categories. Shared by the map, event and event-form features, so it
 * lives below them. They rarely change, so one fetch per visit is enough.
 */
import type { GlobalsResponse } from '@evmap/contract/globals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Fetches the globals. */
export function getGlobals(signal?: AbortSignal): Promise<GlobalsResponse> {
  return api.get<GlobalsResponse>('/public/globals', { signal });
}

/** Query options for the globals, for useQuery and for prefetching. */
export const globalsQueryOptions = () =>
  queryOptions({
    queryKey: ['globals'],
    queryFn: ({ signal }) => getGlobals(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The globals as a query. */
export function useGlobals() {
  return useQuery(globalsQueryOptions());
}
