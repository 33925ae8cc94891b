/** `GET /connected/me/subscription`: the plan with its dates (trial end, renewal date of the complete plan). */
import type { Subscription, subscriptionResponseSchema } from '@evmap/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { billingKeys } from '@/lib/query-keys';

/** The endpoint: answers `{ subscription }`, null without a plan. */
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

/** The subscription as a query; only event-managers have one to ask for. */
export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
