/** `PUT /connected/me`: profile fields, or an email (to verify), or the image path, or type 'event-manager'. */
import type { UpdateMeBody, User } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setUser } from '@/lib/session';

/** Updates the signed-in user; resolves with the updated user. */
export async function updateMe(body: UpdateMeBody): Promise<User> {
  const { user } = await api.put<{ user: User }>('/connected/me', body);
  return user;
}

/** The update as a mutation; the session gets the updated user. */
export function useUpdateMe() {
  return useMutation({ mutationFn: updateMe, onSuccess: setUser });
}
