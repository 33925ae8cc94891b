/**
 * Runs the search SEARCH_DEBOUNCE_MS after the last change of day, category or bounds, and merges
 * the answer into the search store (new events by id, the latest ids).
 */
import { SEARCH_DEBOUNCE_MS } from '@evmap/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type SearchParams, searchEventsQueryOptions } from '../api/search-events';
import type { Bounds } from '../utils/geo';
import { useSearchStore } from './use-search-store';

const loadedIds = () => Object.keys(useSearchStore.getState().eventsById).map(Number);

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
      loadedIds,
    ),
    enabled: params !== null,
  });

  useEffect(() => {
    if (query.data) addResults(query.data.events, query.data.eventIds);
  }, [query.data, addResults]);

  return query;
}
