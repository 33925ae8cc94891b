/** `POST /connected/auth/verify-email`: the mailed code (an integer) confirms the pending address. */
import type { verifyEmailSchema } from '@evmap/contract/auth';
import { authRoutes } from '@evmap/contract/routes/auth';
import type { User } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '@/lib/endpoint';

export type VerifyEmailBody = z.output<typeof verifyEmailSchema>;

/** Verifies the address; resolves with the updated user. */
export async function verifyEmail(body: VerifyEmailBody): Promise<User> {
  return (await callEndpoint(authRoutes.verifyEmail, { body })).user;
}

/** Leaves the session alone: the verify-email step puts the answered user in it. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
