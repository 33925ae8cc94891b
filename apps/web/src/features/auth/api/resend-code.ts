/** `POST /connected/auth/resend-code`: mails a new code to the pending address (429 when asked too often). */
import { authRoutes } from '@evmap/contract/routes/auth';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';

/** Resolves with nothing: the code arrives by mail. */
export async function resendCode(): Promise<void> {
  await callEndpoint(authRoutes.resendCode);
}

/** Nothing cached changes; the verify-email form says the code was sent, or the API's refusal. */
export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
