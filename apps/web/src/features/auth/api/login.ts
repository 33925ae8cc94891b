/** `POST /public/auth/login`: email and password for a token and the user. */
import type { loginSchema } from '@evmap/contract/auth';
import { authRoutes } from '@evmap/contract/routes/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '@/lib/endpoint';

export type LoginBody = z.output<typeof loginSchema>;

/** Resolves with a token and the user; a wrong email or password rejects with the API's message. */
export function login(body: LoginBody): Promise<AuthResponse> {
  return callEndpoint(authRoutes.login, { body });
}

/** Leaves the session alone: the auth dialog signs in with the answer (and asks for a pending code). */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
