/** Centres the map on an event (a direct link). */
import { MAP } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import { useCallback } from 'react';
import { useSearchStore } from './use-search-store';

/** A callback moving the map to an event and selecting one of its days. */
export function useFocusEvent() {
  return useCallback((event: Event) => {
    if (event.latitude == null || event.longitude == null) return;
    useSearchStore.getState().focusOn({ lat: event.latitude, lng: event.longitude, zoom: MAP.placeZoom - 1 });
  }, []);
}
