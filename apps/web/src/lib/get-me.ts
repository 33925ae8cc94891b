/** `GET /connected/me`: the signed-in user. Shared by the session and the settings screens. */
import type { User } from '@evmap/contract/users';
import { api } from '@/lib/api-client';

/** Fetches the current user (401 when the token is missing, expired or revoked). */
export async function getMe(signal?: AbortSignal): Promise<User> {
  const { user } = await api.get<{ user: User }>('/connected/me', { signal });
  return user;
}
