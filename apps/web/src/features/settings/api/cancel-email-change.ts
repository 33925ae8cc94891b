/**
 * `DELETE /connected/auth/unverified-email` from the settings page: drops a pending email change (the
 * verify-email dialog offers the same call; features do not import each other, so settings has its own).
 */
import { authRoutes } from '@evmap/contract/routes/auth';
import type { User } from '@evmap/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { meKeys } from '@/lib/query-keys';
import { setUser } from '@/lib/session';

/** Cancels the pending address; resolves with the user. */
export async function cancelEmailChange(): Promise<User> {
  return (await callEndpoint(authRoutes.cancelUnverifiedEmail)).user;
}

/** The cancellation as a mutation; the session gets the user without the pending address. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: async (user) => {
      setUser(user);
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}
