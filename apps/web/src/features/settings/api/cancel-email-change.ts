/**
 * `DELETE /connected/auth/unverified-email` from the settings page: drops a pending email change (the
 * verify-email dialog offers the same; features do not import each other, so settings describes it too).
 */
import type { User, userResponseSchema } from '@evmap/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { meKeys } from '@/lib/query-keys';
import { setUser } from '@/lib/session';

export const cancelEmailChangeEndpoint = endpoint<{ response: typeof userResponseSchema }>()(
  'DELETE',
  '/connected/auth/unverified-email',
);

/** Cancels the pending address; resolves with the user. */
export async function cancelEmailChange(): Promise<User> {
  return (await callEndpoint(cancelEmailChangeEndpoint)).user;
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
