/** `PUT /connected/me`: profile fields, or an email (to verify), or the image path, or type 'event-manager'. */
import type { UpdateMeBody, User, updateMeSchema, userResponseSchema } from '@evmap/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { billingKeys, meKeys } from '@/lib/query-keys';
import { setUser } from '@/lib/session';

export const updateMeEndpoint = endpoint<{ body: typeof updateMeSchema; response: typeof userResponseSchema }>()(
  'PUT',
  '/connected/me',
);

/** Updates the signed-in user; resolves with the updated user. */
export async function updateMe(body: UpdateMeBody): Promise<User> {
  const { user } = await callEndpoint(updateMeEndpoint, { body });
  return user;
}

/**
 * The update as a mutation. The session gets the updated user (the header's avatar and name follow at
 * once); the account data and, as becoming an event-manager starts a trial, the billing data are read again.
 */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: async (user) => {
      setUser(user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meKeys.all }),
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      ]);
    },
  });
}
