/**
 * Listens to `GET /public/events/stream` (Server-Sent Events): each change refreshes exactly the marker answers it
 * touches (those holding the event, and those of its new days and tile) and the event's own details, so the map
 * follows without a reload; a resync refreshes every marker answer.
 *
 * The stream ends when its instance drains or restarts: the browser reconnects by itself (through the balancer,
 * to another instance), and every marker answer is refreshed on reopening since changes may have been missed
 * meanwhile. A refused reconnection (503 from a draining instance) closes an EventSource for good: a new one is
 * opened after a growing delay. Answers kept from an earlier visit of the map (no stream told of the changes since)
 * are refreshed when the stream first opens.
 */
import type { LiveChange } from '@evmap/contract/marker-tiles';
import { eventRoutes } from '@evmap/contract/routes/events';
import { urlOf } from '@evmap/contract/routes/route';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onEventChanged } from '@/lib/event-changes';
import { refreshAfterChange, refreshEveryTile, refreshTilesOlderThan } from '../api/markers';

/** Delays before opening a new stream after a refused one: 2 s, doubling up to a minute. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** A change as the stream sends it, or null when unreadable. */
function readChange(data: string): LiveChange | null {
  try {
    const change = JSON.parse(data) as Partial<LiveChange>;
    return typeof change.id === 'number' ? (change as LiveChange) : null;
  } catch {
    return null;
  }
}

/** Keeps the map's marker answers fresh while mounted. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const mountedAt = Date.now();
    const refreshAll = () => void refreshEveryTile(queryClient);
    // Saved in this tab (the map may be mounted under the modal): where it now is, only the next answers say.
    const unsubscribe = onEventChanged(refreshAll);
    if (typeof EventSource === 'undefined') return unsubscribe;
    const onChange = (message: MessageEvent<string>) => {
      const change = readChange(message.data);
      if (change) void refreshAfterChange(queryClient, change);
      else refreshAll();
    };

    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_FIRST_MS;
    let interrupted = false;
    let opened = false;
    const open = () => {
      const current = new EventSource(urlOf(eventRoutes.stream));
      source = current;
      current.addEventListener('change', onChange);
      current.addEventListener('resync', refreshAll);
      current.addEventListener('open', () => {
        delay = RETRY_FIRST_MS;
        if (interrupted) refreshAll();
        else if (!opened) void refreshTilesOlderThan(queryClient, mountedAt);
        opened = true;
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
      unsubscribe();
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);
}
