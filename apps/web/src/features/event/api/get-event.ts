/**
 * `GET /public/events/handle-or-uuid/{x}`: one event by its handle or uuid. The public call answers only
 * active events; an owner opening the link of their own event, or an administrator any event, by uuid, gets
 * it from `/connected/events/uuid/{uuid}` or `/connected/admin/events/uuid/{uuid}` instead, so they can see
 * it with its notices (inactive, deleted).
 */
import type { Event } from '@evmap/contract/events';
import type { User } from '@evmap/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who looks: anyone, the owner of their events, or an administrator. */
export type Viewer = 'public' | 'manager' | 'admin';

export function viewerOf(user: Pick<User, 'isAdmin' | 'type'> | null): Viewer {
  if (!user) return 'public';
  if (user.isAdmin) return 'admin';
  return user.type === 'event-manager' ? 'manager' : 'public';
}

const get = async (path: string, signal?: AbortSignal) => (await api.get<{ event: Event }>(path, { signal })).event;

/** Fetches an event; a 404 for the public is retried through the owner or admin call when the link is a uuid. */
export async function getEvent(handleOrUuid: string, viewer: Viewer = 'public', signal?: AbortSignal): Promise<Event> {
  const key = encodeURIComponent(handleOrUuid);
  try {
    return await get(`/public/events/handle-or-uuid/${key}`, signal);
  } catch (error) {
    const notPublic = error instanceof ApiError && error.status === 404;
    if (!notPublic || viewer === 'public' || !UUID.test(handleOrUuid)) throw error;
    return get(viewer === 'admin' ? `/connected/admin/events/uuid/${key}` : `/connected/events/uuid/${key}`, signal);
  }
}

/** Query options for an event as `viewer` sees it. */
export const eventQueryOptions = (handleOrUuid: string, viewer: Viewer) =>
  queryOptions({
    queryKey: ['event', handleOrUuid, viewer],
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
