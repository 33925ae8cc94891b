/** `DELETE /connected/events/id/{id}`: deletes an own event (answers 204). */
import { eventRoutes } from '@evmap/contract/routes/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { announceEventChanged } from '@/lib/event-changes';
import { invalidateAfterEventDeletion } from '@/lib/query-keys';

/** The deletion as a mutation; the event leaves the owner's list, the map and favourites. */
export function useDeleteOwnEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: { id: number; uuid: string }) =>
      callEndpoint(eventRoutes.deleteOwn, { params: { id: event.id } }),
    onSuccess: async (_answer, event) => {
      announceEventChanged(event.id);
      await invalidateAfterEventDeletion(queryClient, event);
    },
  });
}
