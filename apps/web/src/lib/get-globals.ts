/**
 * `GET /public/globals`: the categories. Shared by the map, event and event-form features, so it
 * lives below them. They rarely change, so one fetch per visit is enough.
 */
import type { GlobalsResponse } from '@evmap/contract/globals';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';

/** Resolves with the categories and the map's and places' settings. */
export function getGlobals(signal?: AbortSignal): Promise<GlobalsResponse> {
  return callEndpoint(globalsRoutes.globals, { signal });
}

/** Query options for the globals, for useQuery and for prefetching. */
export const globalsQueryOptions = () =>
  queryOptions({
    queryKey: ['globals'],
    queryFn: ({ signal }) => getGlobals(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The globals, fetched once per visit (never stale) and shared by every screen that lists categories. */
export function useGlobals() {
  return useQuery(globalsQueryOptions());
}
