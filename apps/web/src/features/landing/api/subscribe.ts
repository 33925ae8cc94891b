/** `POST /public/globals/subscribe`: newsletter signup. */
import type { subscribeSchema } from '@evmap/contract/forms';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type SubscribeInput = z.output<typeof subscribeSchema>;

/** Subscribes an address. */
export function subscribe(body: SubscribeInput): Promise<void> {
  return api.post<void>('/public/globals/subscribe', body);
}

/** The signup as a mutation. */
export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
