/**
 * `PUT /connected/me/password`: the current password, the new one and its confirmation. The server
 * raises the token version (every other session ends) and answers a new token with the user.
 */
import { meRoutes } from '@evmap/contract/routes/me';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { signIn } from '@/lib/session';

/** The current password, then the new one twice. */
export type ChangeMyPasswordBody = { currentPassword: string; newPassword: string; confirmNewPassword: string };

/** Changes the password; resolves with the new token and the user. */
export function changeMyPassword(body: ChangeMyPasswordBody) {
  return callEndpoint(meRoutes.changePassword, { body });
}

/**
 * The change as a mutation. The old token stops working on the server, so the new one replaces it at
 * once: the session goes on and the next call is still signed in. Nothing cached changes.
 */
export function useChangeMyPassword() {
  return useMutation({ mutationFn: changeMyPassword, onSuccess: signIn });
}
