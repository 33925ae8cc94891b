/**
 * Rules on accounts that the API enforces and the web app follows, written once. No zod here: the web app's first
 * load imports this module (lib/session.ts).
 */

/** What the rules read of a user (the API's row and the contract's User both have it). */
type AccountFields = { type: string; isAdmin: boolean; email: string; unverifiedEmail: string | null };

/**
 * An event-manager (not an administrator) whose first address is not verified yet: their unverified email is their
 * email (spec section 2). Such a user is sent to email verification, and the API refuses them what needs a verified
 * organisation. An email change of a verified user waits in unverifiedEmail under another address.
 */
export function isPendingVerification(user: AccountFields): boolean {
  return (
    user.type === 'event-manager' &&
    !user.isAdmin &&
    user.unverifiedEmail !== null &&
    user.unverifiedEmail === user.email
  );
}
