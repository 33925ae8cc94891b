/** `POST /public/events/search`: the events of a day (and category) within map bounds. */
import { SEARCH_MAX_EVENTS, SEARCH_MAX_EXCLUDE, SEARCH_MAX_IDS } from '@evmap/contract/constants';
import type { SearchBody, searchResponseSchema } from '@evmap/contract/events';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { eventKeys } from '@/lib/query-keys';

export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type SearchParams = Omit<SearchBody, 'excludeIds'>;
type Located = { id: number; latitude: number | null; longitude: number | null };

/** Searches; `excludeIds` are events already loaded, answered only in `eventIds`. */
export function searchEvents(body: SearchBody, signal?: AbortSignal): Promise<SearchResponse> {
  return api.post<SearchResponse>('/public/events/search', body, { signal });
}

/** The loaded events inside `bounds`: the only ones worth excluding from a search of those bounds. */
export function loadedWithin(loaded: Iterable<Located>, bounds: SearchParams['mapBounds']): number[] {
  const ids: number[] = [];
  for (const e of loaded) {
    if (e.latitude === null || e.longitude === null) continue;
    if (e.latitude < bounds.southLat || e.latitude > bounds.northLat) continue;
    if (e.longitude < bounds.westLng || e.longitude > bounds.eastLng) continue;
    ids.push(e.id);
    if (ids.length === SEARCH_MAX_EXCLUDE) break;
  }
  return ids;
}

/** Enough pages for SEARCH_MAX_IDS events, and one more to notice the end. */
const MAX_PAGES = Math.ceil(SEARCH_MAX_IDS / SEARCH_MAX_EVENTS) + 1;

export type LoadedEvents = {
  /** Loaded events, read before each request. */
  loaded: () => { has: (id: number) => boolean; events: () => Iterable<Located> };
  /** Called with each answer, so markers appear page by page. */
  onPage: (answer: SearchResponse) => void;
};

/**
 * Searches, then asks again with the loaded ids as `excludeIds` until every matching id is loaded: each
 * answer carries at most SEARCH_MAX_EVENTS full events (spec: results already loaded are never fetched again).
 * Answers the ids of the last page and every event the pages brought.
 */
export async function searchAllPages(
  params: SearchParams,
  { loaded, onPage }: LoadedEvents,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  let answer = await searchEvents({ ...params, excludeIds: loadedWithin(loaded().events(), params.mapBounds) }, signal);
  onPage(answer);
  const events = [...answer.events];
  for (let page = 1; page < MAX_PAGES && answer.events.length > 0; page += 1) {
    const have = loaded();
    const excludeIds = answer.eventIds.filter((id) => have.has(id));
    if (excludeIds.length === answer.eventIds.length) break;
    answer = await searchEvents({ ...params, excludeIds }, signal);
    onPage(answer);
    events.push(...answer.events);
  }
  return { ...answer, events };
}

/** Query options for a search of every page; `source` is read when the query runs. */
export const searchEventsQueryOptions = (params: SearchParams, source: LoadedEvents) =>
  queryOptions({
    queryKey: [...eventKeys.search(), params],
    queryFn: ({ signal }) => searchAllPages(params, source, signal),
    staleTime: 30_000,
  });
