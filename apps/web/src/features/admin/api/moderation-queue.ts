/**
 * `GET /connected/admin/moderation?page=&limit=`: events reported by visitors, most reported first. Every
 * moderation action changes the queue, the dashboard counts and the administrators' event lists:
 * `afterModeration` refreshes them all and tells the map about the event.
 */
import { adminRoutes } from '@evmap/contract/routes/admin';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { announceEventChanged } from '@/lib/event-changes';
import { adminKeys, eventKeys } from '@/lib/query-keys';

/** Rows of the queue on one page of the dashboard. */
export const MODERATION_PAGE_SIZE = 20;

/** Query options of one page of the queue. */
export const moderationQueryOptions = (page: number, limit = MODERATION_PAGE_SIZE) =>
  queryOptions({
    queryKey: adminKeys.moderationPage(page, limit),
    queryFn: ({ signal }) => callEndpoint(adminRoutes.moderation, { query: { page, limit }, signal }),
  });

/** One page of the queue; the previous page stays shown while the next one loads. */
export function useModerationQueue(page: number) {
  return useQuery({ ...moderationQueryOptions(page), placeholderData: keepPreviousData });
}

/** After an action on event `id`: the queue, the dashboard counts, the admin event lists and the map. */
export async function afterModeration(queryClient: QueryClient, id: number): Promise<void> {
  announceEventChanged(id);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.moderation() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    queryClient.invalidateQueries({ queryKey: eventKeys.admin() }),
  ]);
}
