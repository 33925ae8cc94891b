/** `DELETE /connected/me`: erases the signed-in account (answers 204; every token stops working). */
import { meRoutes } from '@evmap/contract/routes/me';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';

/** Deletes the signed-in account. */
export function deleteMe(): Promise<undefined> {
  return callEndpoint(meRoutes.delete);
}

/**
 * The deletion as a mutation. It invalidates nothing: the caller leaves the signed-in pages and then
 * signs out, which clears every cached query (providers.tsx). Signing out here, before leaving, would
 * let the page's guard open the login dialog on the way out.
 */
export function useDeleteMe() {
  return useMutation({ mutationFn: deleteMe });
}
