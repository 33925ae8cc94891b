/** `POST /public/auth/forgot-pwd`: mails a link to choose a new password (same answer for unknown emails). */
import type { forgotPasswordSchema } from '@evmap/contract/auth';
import { authRoutes } from '@evmap/contract/routes/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '@/lib/endpoint';

export type ForgotPasswordBody = z.output<typeof forgotPasswordSchema>;

/** Resolves with nothing, whether or not the address has an account. */
export async function forgotPassword(body: ForgotPasswordBody): Promise<void> {
  await callEndpoint(authRoutes.forgotPassword, { body });
}

/** Nothing cached changes: the form only says where the link went. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
