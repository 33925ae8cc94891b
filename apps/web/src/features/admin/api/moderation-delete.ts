/**
 * `DELETE /connected/admin/events/id/{id}`: a reported event deleted after review (answers 204). Invalidates
 * the queue, the dashboard counts and the admin event lists, and the map drops its copy.
 */
import { adminRoutes } from '@evmap/contract/routes/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { afterModeration } from './moderation-queue';

/** Deletes a reported event. */
export function useDeleteReportedEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: { id: number }) => callEndpoint(adminRoutes.deleteEvent, { params: { id: event.id } }),
    onSuccess: (_answer, event) => afterModeration(queryClient, event.id),
  });
}
