/** `POST /public/events/search`: the events of a day (and category) within map bounds. */
import type { SearchBody, searchResponseSchema } from '@evmap/contract/events';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type SearchParams = Omit<SearchBody, 'excludeIds'>;

/** Searches; `excludeIds` are events already loaded, answered only in `eventIds`. */
export function searchEvents(body: SearchBody, signal?: AbortSignal): Promise<SearchResponse> {
  return api.post<SearchResponse>('/public/events/search', body, { signal });
}

/** Query options for a search; `excluded` is read when the query runs, so loaded events are never fetched again. */
export const searchEventsQueryOptions = (params: SearchParams, excluded: () => number[]) =>
  queryOptions({
    queryKey: ['events', 'search', params],
    queryFn: ({ signal }) => searchEvents({ ...params, excludeIds: excluded() }, signal),
    staleTime: 30_000,
  });
