/** `PUT /public/auth/signup`: a new viewer or event-manager account, signed in at once. */
import type { signupSchema } from '@evmap/contract/auth';
import { authRoutes } from '@evmap/contract/routes/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '@/lib/endpoint';

export type SignupRequest = z.output<typeof signupSchema>;

/** Creates the account; an event-manager also gets a verification code by mail. */
export function signup(body: SignupRequest): Promise<AuthResponse> {
  return callEndpoint(authRoutes.signup, { body });
}

/** Leaves the session alone: the auth dialog signs in with the answer, as after a login. */
export function useSignup() {
  return useMutation({ mutationFn: signup });
}
