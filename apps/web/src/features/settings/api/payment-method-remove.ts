/**
 * `DELETE /connected/me/payment-methods/{id}`: removes a saved card (answers 204). Refused (409, "Cancel
 * your plan before deleting the payment method.") while a paid plan depends on the last card.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { billingKeys } from '@/lib/query-keys';

export const removePaymentMethodEndpoint = endpoint()('DELETE', '/connected/me/payment-methods/:id');

/** The removal as a mutation; invalidates the saved cards. */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(removePaymentMethodEndpoint, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods() }),
  });
}
