/**
 * `GET /connected/me/payment-methods`: the signed-in event-manager's saved cards, newest first (the first
 * is the one charged). The data is the list itself, under the key the plans page shares.
 */
import type { PaymentMethod, paymentMethodsResponseSchema } from '@evmap/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { billingKeys } from '@/lib/query-keys';

export const paymentMethodsEndpoint = endpoint<{ response: typeof paymentMethodsResponseSchema }>()(
  'GET',
  '/connected/me/payment-methods',
);

/** Fetches the saved cards. */
export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  return (await callEndpoint(paymentMethodsEndpoint, { signal })).paymentMethods;
}

/** Query options for the saved cards. */
export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.paymentMethods(), queryFn: ({ signal }) => getPaymentMethods(signal) });

/** The saved cards as a query. */
export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
