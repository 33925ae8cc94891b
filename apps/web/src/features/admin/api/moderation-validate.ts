/**
 * `DELETE /connected/admin/events/{id}/signals`: the reports were reviewed and the event stays; it leaves
 * the queue. Invalidates the queue, the dashboard counts and the admin event lists.
 */
import type { eventResponseSchema } from '@evmap/contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { afterModeration } from './moderation-queue';

export const clearSignalsEndpoint = endpoint<{ response: typeof eventResponseSchema }>()(
  'DELETE',
  '/connected/admin/events/:id/signals',
);

/** Clears the reports of an event. */
export function useValidateReportedEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: { id: number }) => callEndpoint(clearSignalsEndpoint, { params: { id: event.id } }),
    onSuccess: (_answer, event) => afterModeration(queryClient, event.id),
  });
}
