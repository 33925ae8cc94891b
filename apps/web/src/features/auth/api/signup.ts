/** `PUT /public/auth/signup`: a new viewer or event-manager account, signed in at once. */
import type { signupSchema } from '@evmap/contract/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type SignupRequest = z.output<typeof signupSchema>;

/** Creates the account; an event-manager also gets a verification code by mail. */
export function signup(body: SignupRequest): Promise<AuthResponse> {
  return api.put<AuthResponse>('/public/auth/signup', body);
}

/** Sign-up as a mutation. */
export function useSignup() {
  return useMutation({ mutationFn: signup });
}
