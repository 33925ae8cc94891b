/** `POST /public/events/{uuid}/signal`: reports an event, with the reason the visitor chose. */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import { eventRoutes } from '@evmap/contract/routes/events';
import type { SignalReason } from '@evmap/contract/signal-reasons';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { readJsonStorage, writeJsonStorage } from '@/lib/storage';

/** How many reported events this browser remembers. */
const REMEMBERED = 100;

/** The events this browser reported: the "you reported it" notice is theirs alone (issue 27). */
export function reportedHere(): string[] {
  const value = readJsonStorage(STORAGE_KEYS.reported);
  return Array.isArray(value) ? value.filter((uuid): uuid is string => typeof uuid === 'string') : [];
}

function rememberReport(uuid: string): void {
  writeJsonStorage(STORAGE_KEYS.reported, [uuid, ...reportedHere().filter((u) => u !== uuid)].slice(0, REMEMBERED));
}

/** Reports event `uuid`, then remembers it in this browser (`reportedHere`). */
export async function signalEvent({ uuid, reason }: { uuid: string; reason: SignalReason }): Promise<void> {
  await callEndpoint(eventRoutes.signal, { params: { uuid }, body: { reason } });
  rememberReport(uuid);
}

/** Nothing cached changes: the report button turns into its notice on this mutation's success. */
export function useSignalEvent() {
  return useMutation({ mutationFn: signalEvent });
}
