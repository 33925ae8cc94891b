/** "Sign out everywhere": every session of the account ends, this device gets a fresh one. */
import type { UserRow } from '../../plugins/auth';
import type { AccountDeps } from '../auth/auth.types';
import { revokeTokens } from '../users/users.repository';

export const SIGN_OUT_EVERYWHERE_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

/**
 * POST /connected/me/sign-out-everywhere: raises the token version, so every token issued before (other
 * browsers, phones, a copied token, and this device's own) stops working, and answers a new token for the
 * device that asked, which stays signed in.
 */
export async function signOutEverywhere(deps: AccountDeps, user: UserRow): Promise<{ user: UserRow; jwt: string }> {
  await deps.rateLimiter.consume({ key: `sign-out-everywhere:${user.id}`, ...SIGN_OUT_EVERYWHERE_LIMIT });
  const updated = await revokeTokens(deps.db, user.id);
  return { user: updated, jwt: deps.signToken(updated) };
}
