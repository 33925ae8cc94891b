/**
 * `PUT /connected/me/password`: the current password, the new one and its confirmation. The server
 * raises the token version (every other session ends) and answers a new token with the user.
 */
import type { authResponseSchema, changeMyPasswordSchema } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { signIn } from '@/lib/session';

export const changeMyPasswordEndpoint = endpoint<{
  body: typeof changeMyPasswordSchema;
  response: typeof authResponseSchema;
}>()('PUT', '/connected/me/password');

/** The body of the call. */
export type ChangeMyPasswordBody = { currentPassword: string; newPassword: string; confirmNewPassword: string };

/** Changes the password; resolves with the new token and the user. */
export function changeMyPassword(body: ChangeMyPasswordBody) {
  return callEndpoint(changeMyPasswordEndpoint, { body });
}

/**
 * The change as a mutation. The old token stops working on the server, so the new one replaces it at
 * once: the session goes on and the next call is still signed in. Nothing cached changes.
 */
export function useChangeMyPassword() {
  return useMutation({ mutationFn: changeMyPassword, onSuccess: signIn });
}
