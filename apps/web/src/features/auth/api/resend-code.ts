/** `POST /connected/auth/resend-code`: mails a new code to the pending address (429 when asked too often). */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Asks for a new code. */
export function resendCode(): Promise<void> {
  return api.post<void>('/connected/auth/resend-code');
}

/** The request as a mutation. */
export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
