/**
 * The administrator's event calls (spec section 7, Admin): `GET /connected/admin/events/uuid/{uuid}`,
 * `POST /connected/admin/events`, `PUT /connected/admin/events/{id}`, `DELETE /connected/admin/events/id/{id}`.
 * A saved or deleted event changes the admin lists, the map, and its owner's lists: every event query is
 * invalidated and the map drops its copy.
 */
import type { AdminEventInput, adminCreateEventBodySchema, adminUpdateEventBodySchema } from '@evmap/contract/events';
import { adminRoutes } from '@evmap/contract/routes/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '@/lib/endpoint';
import { announceEventChanged } from '@/lib/event-changes';
import { eventKeys, invalidateAfterEventDeletion } from '@/lib/query-keys';

/** Query options for any event (deleted ones included) as an administrator sees it. */
export const adminEventQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: eventKeys.adminDetail(uuid),
    queryFn: async ({ signal }) => (await callEndpoint(adminRoutes.event, { params: { uuid }, signal })).event,
  });

/** The event `uuid` for an administrator. */
export function useAdminEvent(uuid: string) {
  return useQuery(adminEventQueryOptions(uuid));
}

type AdminBody = z.input<typeof adminCreateEventBodySchema> | AdminEventInput;

/** Creates (no `id`) or updates (`id`) an event as an administrator; invalidates every event query. */
export function useSaveAdminEvent(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminBody) => {
      const answer =
        id === undefined
          ? await callEndpoint(adminRoutes.createEvent, { body })
          : await callEndpoint(adminRoutes.updateEvent, {
              params: { id },
              body: body as z.input<typeof adminUpdateEventBodySchema>,
            });
      return answer.event;
    },
    onSuccess: async (event) => {
      queryClient.setQueryData(eventKeys.adminDetail(event.uuid), event);
      announceEventChanged(event.id);
      await queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}

/** Deletes an event as an administrator; invalidates every event query but its own detail and stats. */
export function useDeleteAdminEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: { id: number; uuid: string }) =>
      callEndpoint(adminRoutes.deleteEvent, { params: { id: event.id } }),
    onSuccess: async (_answer, event) => {
      announceEventChanged(event.id);
      await invalidateAfterEventDeletion(queryClient, event);
    },
  });
}
