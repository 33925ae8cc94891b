/** `DELETE /connected/auth/unverified-email`: drops a pending email change; resolves with the user. */
import { authRoutes } from '@evmap/contract/routes/auth';
import type { User } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';

/** Resolves with the user as it is now, without a pending address. */
export async function cancelUnverifiedEmail(): Promise<User> {
  return (await callEndpoint(authRoutes.cancelUnverifiedEmail)).user;
}

/** Leaves the session alone: the verify-email step puts the answered user in it. */
export function useCancelUnverifiedEmail() {
  return useMutation({ mutationFn: cancelUnverifiedEmail });
}
