/**
 * `DELETE /connected/me/payment-methods/{id}`: removes a saved card (answers 204). Refused (409, "Cancel
 * your plan before deleting the payment method.") while a paid plan depends on the last card.
 */
import { billingRoutes } from '@evmap/contract/routes/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { billingKeys } from '@/lib/query-keys';

/** The removal as a mutation; invalidates the saved cards. */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(billingRoutes.removePaymentMethod, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods() }),
  });
}
