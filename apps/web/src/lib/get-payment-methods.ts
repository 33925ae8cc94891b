/**
 * `GET /connected/me/payment-methods`: the signed-in event-manager's saved cards, newest first (the first
 * is the one charged). The data is the list itself, under the key the plans page shares.
 */
import type { PaymentMethod } from '@evmap/contract/billing';
import { billingRoutes } from '@evmap/contract/routes/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { billingKeys } from '@/lib/query-keys';

/** Resolves with the saved cards, the one charged first. */
export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  return (await callEndpoint(billingRoutes.paymentMethods, { signal })).paymentMethods;
}

/** Query options under `billingKeys`, so that a plan or billing change reads the cards again. */
export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.paymentMethods(), queryFn: ({ signal }) => getPaymentMethods(signal) });

/** The saved cards; adding or removing one invalidates them. */
export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
