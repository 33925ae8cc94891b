/**
 * `POST /connected/me/payment-methods/setup`: what the card form needs to collect a card: the provider
 * (the built-in one, or Stripe with its publishable key and a SetupIntent's client secret). Asked each
 * time the form opens (a SetupIntent serves one card) and forgotten when it closes.
 */
import type { CardSetupResponse } from '@evmap/contract/billing';
import { billingRoutes } from '@evmap/contract/routes/billing';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { cardSetupKeys } from '@/lib/query-keys';

/** Starts collecting a card. */
export function setupPaymentMethod(signal?: AbortSignal): Promise<CardSetupResponse> {
  return callEndpoint(billingRoutes.paymentMethodSetup, { signal });
}

/** The set-up of the open card form, asked once per opening. */
export function usePaymentMethodSetup() {
  return useQuery({
    queryKey: cardSetupKeys.current(),
    queryFn: ({ signal }) => setupPaymentMethod(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
