/**
 * `GET /public/events/handle-or-uuid/{x}`: one event by its handle or uuid. The public call answers only
 * active events; an owner opening the link of their own event, or an administrator any event, by uuid, gets
 * it from `/connected/events/uuid/{uuid}` or `/connected/admin/events/uuid/{uuid}` instead, so they can see
 * it with its notices (inactive, deleted).
 */

import type { Event } from '@evmap/contract/events';
import { adminRoutes } from '@evmap/contract/routes/admin';
import { eventRoutes } from '@evmap/contract/routes/events';
import { isUuid } from '@evmap/contract/uuid';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { callEndpoint } from '@/lib/endpoint';
import { eventKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { type Viewer, viewerOf } from '@/lib/viewer';

/** Fetches an event; a 404 for the public is retried through the owner or admin call when the link is a uuid. */
export async function getEvent(handleOrUuid: string, viewer: Viewer = 'public', signal?: AbortSignal): Promise<Event> {
  try {
    return (await callEndpoint(eventRoutes.byHandleOrUuid, { params: { handleOrUuid }, signal })).event;
  } catch (error) {
    const notPublic = error instanceof ApiError && error.status === 404;
    if (!notPublic || viewer === 'public' || !isUuid(handleOrUuid)) throw error;
    const byUuid = viewer === 'admin' ? adminRoutes.event : eventRoutes.ownByUuid;
    return (await callEndpoint(byUuid, { params: { uuid: handleOrUuid }, signal })).event;
  }
}

/** Query options for an event as `viewer` sees it. */
export const eventQueryOptions = (handleOrUuid: string, viewer: Viewer) =>
  queryOptions({
    queryKey: eventKeys.detail(handleOrUuid, viewer),
    queryFn: ({ signal }) => getEvent(handleOrUuid, viewer, signal),
    retry: false,
  });

/** The event as a query for the signed-in user (disabled without a handle). */
export function useEvent(handleOrUuid: string | undefined) {
  const viewer = useSession((s) => viewerOf(s.user));
  // Waits for the session: a link opened by its owner must not be judged missing before they are known.
  const known = useSession((s) => s.status !== 'loading');
  return useQuery({ ...eventQueryOptions(handleOrUuid ?? '', viewer), enabled: Boolean(handleOrUuid) && known });
}
