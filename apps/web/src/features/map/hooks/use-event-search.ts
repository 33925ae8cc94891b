/**
 * Runs the search SEARCH_DEBOUNCE_MS after the last change of day, category or bounds, and merges
 * each page of the answer into the search store (new events by id, the latest ids).
 */
import { SEARCH_DEBOUNCE_MS } from '@evmap/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type LoadedEvents, type SearchParams, searchEventsQueryOptions } from '../api/search-events';
import type { Bounds } from '../utils/geo';
import { useSearchStore } from './use-search-store';

/** The store's loaded events, and each page of an answer merged into it as it arrives. */
const source: LoadedEvents = {
  loaded: () => {
    const { eventsById } = useSearchStore.getState();
    return { has: (id) => id in eventsById, events: () => Object.values(eventsById) };
  },
  onPage: (answer) => useSearchStore.getState().addResults(answer.events, answer.eventIds),
};

/** The search for `bounds` (null until the map has a size); returns the query. */
export function useEventSearch(bounds: Bounds | null) {
  const selectedDay = useSearchStore((s) => s.selectedDay);
  const categoryId = useSearchStore((s) => s.categoryId);
  const addResults = useSearchStore((s) => s.addResults);
  const [params, setParams] = useState<SearchParams | null>(null);

  useEffect(() => {
    if (!bounds) return;
    const timer = setTimeout(() => setParams({ mapBounds: bounds, selectedDay, categoryId }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [bounds, selectedDay, categoryId]);

  const query = useQuery({
    ...searchEventsQueryOptions(
      params ?? { mapBounds: { northLat: 0, eastLng: 0, southLat: 0, westLng: 0 }, selectedDay },
      source,
    ),
    enabled: params !== null,
  });

  useEffect(() => {
    if (query.data) addResults(query.data.events, query.data.eventIds);
  }, [query.data, addResults]);

  return query;
}
