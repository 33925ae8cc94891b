/**
 * `GET /connected/admin/events?search&page&limit&sortField&sortDirection`: one page of every event
 * (deleted ones included, with their creator), searched and sorted by the server.
 */
import { ADMIN_EVENTS } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import { adminRoutes } from '@evmap/contract/routes/admin';
import type { ADMIN_EVENT_SORT_FIELDS } from '@evmap/contract/table-query';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';

/** A column the admin events table sorts by. */
export type AdminEventSortField = (typeof ADMIN_EVENT_SORT_FIELDS)[number];

/** What the table asks for (the page size is the screen's, spec section 9). */
export type AdminEventsParams = {
  search: string;
  page: number;
  sortField: AdminEventSortField;
  sortDirection: 'asc' | 'desc';
};

/**
 * An event of the list. `updatedAt` is shown when the API sends it: the contract's event has no such field
 * yet, though the list sorts by it.
 */
export type AdminEventRow = Event & { updatedAt?: string | null };

/** Query options for one page; under `eventKeys.admin()`, so every event change refreshes it. */
export const adminEventsQueryOptions = (params: AdminEventsParams) =>
  queryOptions({
    queryKey: [...eventKeys.admin(), 'list', params] as const,
    // The signal cancels a request that a newer search, page or sort made useless.
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(adminRoutes.events, {
        query: { ...params, search: params.search || undefined, limit: ADMIN_EVENTS.screenLimit },
        signal,
      });
      return { ...answer, events: answer.events as AdminEventRow[] };
    },
  });

/** One page of the admin events; the previous page stays shown while the next one loads. */
export function useAdminEvents(params: AdminEventsParams) {
  return useQuery({ ...adminEventsQueryOptions(params), placeholderData: keepPreviousData });
}
