/** `GET /connected/me/invoices`: the signed-in event-manager's invoices, newest first, each with its signed PDF link. */
import type { Invoice } from '@evmap/contract/billing';
import { billingRoutes } from '@evmap/contract/routes/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { billingKeys } from '@/lib/query-keys';

/** Resolves with the invoices, newest first. */
export async function getInvoices(signal?: AbortSignal): Promise<Invoice[]> {
  return (await callEndpoint(billingRoutes.invoices, { signal })).invoices;
}

/**
 * Query options for the invoices. Their PDF links carry a token valid one hour: the list is read again
 * when the page comes back into view after a while, so a link shown is a link that opens.
 */
export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.invoices(),
    queryFn: ({ signal }) => getInvoices(signal),
    staleTime: 30 * 60_000,
    refetchInterval: 45 * 60_000,
  });

/** The invoices, read again before their PDF links expire (see the query options). */
export function useInvoices() {
  return useQuery(invoicesQueryOptions());
}
