/**
 * `POST /connected/events` (publish) and `PUT /connected/events/{id}` (edit): an owner's event. A saved
 * event changes the owner's list, the map's searches and favourites: every event query is invalidated,
 * and the map drops its copy of the event.
 */
import type { eventResponseSchema, OwnerEventBody, ownerEventBodySchema } from '@evmap/contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { announceEventChanged } from '@/lib/event-changes';
import { eventKeys } from '@/lib/query-keys';

type Schemas = { body: typeof ownerEventBodySchema; response: typeof eventResponseSchema };

export const createOwnEventEndpoint = endpoint<Schemas>()('POST', '/connected/events');
export const updateOwnEventEndpoint = endpoint<Schemas>()('PUT', '/connected/events/:id');

/** Publishes (no `id`) or updates (`id`) an own event; resolves with the saved event. */
export async function saveOwnEvent(id: number | undefined, body: OwnerEventBody) {
  const answer =
    id === undefined
      ? await callEndpoint(createOwnEventEndpoint, { body })
      : await callEndpoint(updateOwnEventEndpoint, { params: { id }, body });
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
