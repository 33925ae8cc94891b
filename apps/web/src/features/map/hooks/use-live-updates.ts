/**
 * Listens to `GET /public/events/stream` (Server-Sent Events): a changed event is forgotten and
 * the searches refreshed, so the map follows without a reload; a resync refreshes everything.
 *
 * The stream ends when its instance drains or restarts: the browser reconnects by itself (through the balancer,
 * to another instance), and the searches are refreshed on reopening since changes may have been missed meanwhile.
 * A refused reconnection (503 from a draining instance) closes an EventSource for good: a new one is opened after
 * a growing delay.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE } from '@/lib/api-client';
import { eventKeys } from '@/lib/query-keys';
import { useSearchStore } from './use-search-store';

/** Delays before opening a new stream after a refused one: 2 s, doubling up to a minute. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** Keeps the map's searches fresh while mounted. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
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

    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_FIRST_MS;
    let interrupted = false;
    const open = () => {
      const current = new EventSource(`${API_BASE}/public/events/stream`);
      source = current;
      current.addEventListener('change', onChange);
      current.addEventListener('resync', refresh);
      current.addEventListener('open', () => {
        delay = RETRY_FIRST_MS;
        if (interrupted) refresh();
        interrupted = false;
      });
      current.addEventListener('error', () => {
        interrupted = true;
        if (current.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(open, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);
}
