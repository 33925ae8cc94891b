/** `POST /public/globals/subscribe`: newsletter signup. */
import type { subscribeSchema } from '@evmap/contract/forms';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '@/lib/endpoint';

export type SubscribeInput = z.output<typeof subscribeSchema>;

/** Resolves with nothing, the address new or already subscribed alike. */
export async function subscribe(body: SubscribeInput): Promise<void> {
  await callEndpoint(globalsRoutes.subscribe, { body });
}

/** Nothing cached changes: the form thanks and empties itself. */
export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
