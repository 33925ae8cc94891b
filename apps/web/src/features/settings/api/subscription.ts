/**
 * `GET /connected/me/subscription`: the plan with its status and dates (trial end, renewal date, past due).
 * The data is the subscription itself (null without a plan), under the key the plans page shares.
 */
import type { Subscription, subscriptionResponseSchema } from '@evmap/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { billingKeys } from '@/lib/query-keys';

export const subscriptionEndpoint = endpoint<{ response: typeof subscriptionResponseSchema }>()(
  'GET',
  '/connected/me/subscription',
);

/** Fetches the subscription. */
export async function getSubscription(signal?: AbortSignal): Promise<Subscription | null> {
  return (await callEndpoint(subscriptionEndpoint, { signal })).subscription;
}

/** Query options for the subscription. */
export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.subscription(), queryFn: ({ signal }) => getSubscription(signal) });

/** The subscription as a query. */
export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
