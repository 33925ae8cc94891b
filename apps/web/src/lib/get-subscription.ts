/**
 * `GET /connected/me/subscription`: the plan with its status and dates (trial end, renewal date, past due), null
 * without a plan. Shared by the plans page and the settings page, so it lives below them.
 */
import type { Subscription } from '@evmap/contract/billing';
import { billingRoutes } from '@evmap/contract/routes/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { billingKeys } from '@/lib/query-keys';

/** Resolves with the subscription, or null without a plan. */
export async function getSubscription(signal?: AbortSignal): Promise<Subscription | null> {
  return (await callEndpoint(billingRoutes.subscription, { signal })).subscription;
}

/** Query options under `billingKeys`, so that a plan or billing change reads it again. */
export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.subscription(), queryFn: ({ signal }) => getSubscription(signal) });

/** The subscription as a query; only event-managers have one to ask for. */
export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
