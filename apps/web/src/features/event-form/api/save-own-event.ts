/**
 * `POST /connected/events` (publish) and `PUT /connected/events/{id}` (edit): an owner's event. A saved
 * event changes the owner's list, the map's searches and favourites: every event query is invalidated,
 * and the map drops its copy of the event.
 */
import type { OwnerEventBody } from '@evmap/contract/events';
import { eventRoutes } from '@evmap/contract/routes/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { announceEventChanged } from '@/lib/event-changes';
import { eventKeys } from '@/lib/query-keys';

/** Publishes (no `id`) or updates (`id`) an own event; resolves with the saved event. */
export async function saveOwnEvent(id: number | undefined, body: OwnerEventBody) {
  const answer =
    id === undefined
      ? await callEndpoint(eventRoutes.createOwn, { body })
      : await callEndpoint(eventRoutes.updateOwn, { params: { id }, body });
  return answer.event;
}

/** The save as a mutation; invalidates every event query (own list and detail, map, favourites). */
export function useSaveOwnEvent(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnerEventBody) => saveOwnEvent(id, body),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventKeys.ownDetail(event.uuid), event);
      announceEventChanged(event.id);
      await queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
