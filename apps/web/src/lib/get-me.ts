/** `GET /connected/me`: the signed-in user. Shared by the session and the settings screens. */
import { meRoutes } from '@evmap/contract/routes/me';
import type { User } from '@evmap/contract/users';
import { callEndpoint } from '@/lib/endpoint';

/** Fetches the current user (401 when the token is missing, expired or revoked). */
export async function getMe(signal?: AbortSignal): Promise<User> {
  return (await callEndpoint(meRoutes.get, { signal })).user;
}
