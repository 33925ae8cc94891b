/**
 * `GET /public/events/by-ids`: the full events of the markers a list shows, a page at a time (details on demand,
 * issue 23). Each event read is also kept under its own detail key, so the modal opens it without asking again.
 */
import type { Event } from '@evmap/contract/events';
import { eventRoutes } from '@evmap/contract/routes/events';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

/** The events of `ids` (those still visible), by id; each one kept for the modal of `viewer`. */
export const eventsByIdsQueryOptions = (ids: readonly number[], client: QueryClient, viewer: string) =>
  queryOptions({
    queryKey: eventKeys.batch(ids),
    queryFn: async ({ signal }): Promise<Record<number, Event>> => {
      const { events } = await callEndpoint(eventRoutes.byIds, { query: { ids: ids.join(',') }, signal });
      const byId: Record<number, Event> = {};
      for (const event of events) {
        byId[event.id] = event;
        client.setQueryData(eventKeys.detail(event.handle, viewer), event);
      }
      return byId;
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
    gcTime: 2 * 60_000,
  });
