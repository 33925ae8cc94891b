/** `POST /public/events/{uuid}/signal`: reports an event. */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Reports an event. */
export function signalEvent(uuid: string): Promise<void> {
  return api.post<void>(`/public/events/${uuid}/signal`);
}

/** Reporting as a mutation. */
export function useSignalEvent() {
  return useMutation({ mutationFn: signalEvent });
}
