/** `PUT /public/auth/change-pwd`: a new password from a mailed token, signed in at once. */
import type { changePasswordByTokenSchema } from '@evmap/contract/auth';
import { authRoutes } from '@evmap/contract/routes/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '@/lib/endpoint';

export type ChangePasswordBody = z.output<typeof changePasswordByTokenSchema>;

/** `body.token` comes from the mailed link; resolves with a token and the user, as a login does. */
export function changePassword(body: ChangePasswordBody): Promise<AuthResponse> {
  return callEndpoint(authRoutes.changePassword, { body });
}

/** Leaves the session alone: the auth dialog signs in with the answer, as after a login. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
