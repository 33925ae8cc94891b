/** `POST /public/auth/login`: email and password for a token and the user. */
import type { loginSchema } from '@evmap/contract/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type LoginBody = z.output<typeof loginSchema>;

/** Signs in. */
export function login(body: LoginBody): Promise<AuthResponse> {
  return api.post<AuthResponse>('/public/auth/login', body);
}

/** Sign-in as a mutation. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
