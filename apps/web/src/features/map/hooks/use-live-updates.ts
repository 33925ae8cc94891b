/**
 * Listens to `GET /public/events/stream` (Server-Sent Events): a changed event is forgotten and
 * the searches refreshed, so the map follows without a reload; a resync refreshes everything.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE } from '@/lib/api-client';
import { eventKeys } from '@/lib/query-keys';
import { useSearchStore } from './use-search-store';

/** Keeps the map's searches fresh while mounted. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/public/events/stream`);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: eventKeys.search() });
    const onChange = (message: MessageEvent<string>) => {
      try {
        const { id } = JSON.parse(message.data) as { id?: number };
        if (typeof id === 'number') useSearchStore.getState().forget(id);
      } catch {
        // a change without a readable body still refreshes
      }
      refresh();
    };
    source.addEventListener('change', onChange);
    source.addEventListener('resync', refresh);
    return () => source.close();
  }, [queryClient]);
}
