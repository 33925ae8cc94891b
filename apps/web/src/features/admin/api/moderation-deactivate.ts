/**
 * `PUT /connected/admin/events/{id}` with the event's whole body and `active: false`: the event leaves the
 * map and stays in the queue, marked inactive. Invalidates the queue, the dashboard counts and the admin
 * event lists, and the map drops its copy.
 */
import type { Event } from '@evmap/contract/events';
import { adminRoutes } from '@evmap/contract/routes/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { toAdminUpdateBody } from '../utils/moderation-update-body';
import { afterModeration } from './moderation-queue';

/** Deactivates a reported event. */
export function useDeactivateReportedEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: Event) =>
      callEndpoint(adminRoutes.updateEvent, {
        params: { id: event.id },
        body: { ...toAdminUpdateBody(event), active: false },
      }),
    onSuccess: (_answer, event) => afterModeration(queryClient, event.id),
  });
}
