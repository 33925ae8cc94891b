/** `POST /connected/auth/verify-email`: the mailed code (an integer) confirms the pending address. */
import type { verifyEmailSchema } from '@evmap/contract/auth';
import type { User } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type VerifyEmailBody = z.output<typeof verifyEmailSchema>;

/** Verifies the address; resolves with the updated user. */
export async function verifyEmail(body: VerifyEmailBody): Promise<User> {
  const { user } = await api.post<{ user: User }>('/connected/auth/verify-email', body);
  return user;
}

/** Verification as a mutation. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
