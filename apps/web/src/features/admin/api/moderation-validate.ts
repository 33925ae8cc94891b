/**
 * `DELETE /connected/admin/events/{id}/signals`: the reports were reviewed and the event stays; it leaves
 * the queue. Invalidates the queue, the dashboard counts and the admin event lists.
 */
import { adminRoutes } from '@evmap/contract/routes/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { afterModeration } from './moderation-queue';

/** Clears the reports of an event. */
export function useValidateReportedEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: { id: number }) => callEndpoint(adminRoutes.clearSignals, { params: { id: event.id } }),
    onSuccess: (_answer, event) => afterModeration(queryClient, event.id),
  });
}
