/** `PUT /public/auth/change-pwd`: a new password from a mailed token, signed in at once. */
import type { changePasswordByTokenSchema } from '@evmap/contract/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ChangePasswordBody = z.output<typeof changePasswordByTokenSchema>;

/** Sets the password. */
export function changePassword(body: ChangePasswordBody): Promise<AuthResponse> {
  return api.put<AuthResponse>('/public/auth/change-pwd', body);
}

/** The change as a mutation. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
