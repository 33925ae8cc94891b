/**
 * `POST /connected/me/payment-methods`: saves a card (built-in provider: the card fields; Stripe: the
 * PaymentMethod confirmed by Stripe.js). The new card becomes the one charged: the cards are read again.
 */
import type { CardInput, PaymentMethod, StripeCardInput } from '@evmap/contract/billing';
import { billingRoutes } from '@evmap/contract/routes/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { billingKeys } from '@/lib/query-keys';

/** The body of either provider. */
export type AddPaymentMethodBody = CardInput | StripeCardInput;

/** Saves a card; resolves with it. */
export async function addPaymentMethod(body: AddPaymentMethodBody): Promise<PaymentMethod> {
  return (await callEndpoint(billingRoutes.addPaymentMethod, { body })).paymentMethod;
}

/** The addition as a mutation; invalidates the saved cards. */
export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods() }),
  });
}
