/** `DELETE /connected/auth/unverified-email`: drops a pending email change; resolves with the user. */
import type { User } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Cancels the pending address. */
export async function cancelUnverifiedEmail(): Promise<User> {
  const { user } = await api.delete<{ user: User }>('/connected/auth/unverified-email');
  return user;
}

/** The cancellation as a mutation. */
export function useCancelUnverifiedEmail() {
  return useMutation({ mutationFn: cancelUnverifiedEmail });
}
