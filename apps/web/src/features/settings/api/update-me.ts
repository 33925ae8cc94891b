/** `PUT /connected/me`: profile fields, or an email (to verify), or the image path, or type 'event-manager'. */
import { meRoutes } from '@evmap/contract/routes/me';
import type { UpdateMeBody, User } from '@evmap/contract/users';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { billingKeys, meKeys } from '@/lib/query-keys';
import { setUser } from '@/lib/session';

/** Updates the signed-in user; resolves with the updated user. */
export async function updateMe(body: UpdateMeBody): Promise<User> {
  const { user } = await callEndpoint(meRoutes.update, { body });
  return user;
}

/**
 * What follows a saved update: the session gets the updated user (the header's avatar and name follow at
 * once); the account data and, as becoming an event-manager starts a trial, the billing data are read again.
 */
export async function applyUpdatedUser(queryClient: QueryClient, user: User): Promise<void> {
  setUser(user);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: meKeys.all }),
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  ]);
}

/** The update as a mutation, followed by `applyUpdatedUser`. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => applyUpdatedUser(queryClient, user),
  });
}
