/** `POST /public/auth/forgot-pwd`: mails a link to choose a new password (same answer for unknown emails). */
import type { forgotPasswordSchema } from '@evmap/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ForgotPasswordBody = z.output<typeof forgotPasswordSchema>;

/** Asks for the link. */
export function forgotPassword(body: ForgotPasswordBody): Promise<void> {
  return api.post<void>('/public/auth/forgot-pwd', body);
}

/** The request as a mutation. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
