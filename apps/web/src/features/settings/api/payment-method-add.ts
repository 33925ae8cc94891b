/**
 * `POST /connected/me/payment-methods`: saves a card (built-in provider: the card fields; Stripe: the
 * PaymentMethod confirmed by Stripe.js). The new card becomes the one charged: the cards are read again.
 */
import type {
  CardInput,
  cardInputSchema,
  PaymentMethod,
  paymentMethodResponseSchema,
  StripeCardInput,
} from '@evmap/contract/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { billingKeys } from '@/lib/query-keys';

export const addPaymentMethodEndpoint = endpoint<{
  body: typeof cardInputSchema;
  response: typeof paymentMethodResponseSchema;
}>()('POST', '/connected/me/payment-methods');

/** The body of either provider. */
export type AddPaymentMethodBody = CardInput | StripeCardInput;

/** Saves a card; resolves with it. */
export async function addPaymentMethod(body: AddPaymentMethodBody): Promise<PaymentMethod> {
  // The endpoint's body is the built-in provider's; with Stripe the server takes `{ paymentMethodId }` instead.
  return (await callEndpoint(addPaymentMethodEndpoint, { body: body as CardInput })).paymentMethod;
}

/** The addition as a mutation; invalidates the saved cards. */
export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods() }),
  });
}
