/**
 * `DELETE /connected/admin/events/id/{id}`: a reported event deleted after review (answers 204). Invalidates
 * the queue, the dashboard counts and the admin event lists, and the map drops its copy.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { afterModeration } from './moderation-queue';

export const deleteReportedEventEndpoint = endpoint()('DELETE', '/connected/admin/events/id/:id');

/** Deletes a reported event. */
export function useDeleteReportedEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: { id: number }) => callEndpoint(deleteReportedEventEndpoint, { params: { id: event.id } }),
    onSuccess: (_answer, event) => afterModeration(queryClient, event.id),
  });
}
