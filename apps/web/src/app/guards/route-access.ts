/**
 * Who may see which route (spec sections 2 and 6), as a pure function of the path and the session,
 * so the rules are tested without a browser. `RouteGuard` applies the answer.
 */

import { isPendingVerification } from '@evmap/contract/account-rules';
import type { User } from '@evmap/contract/users';
import { type AuthDialogState, type AuthMode, authHash } from '@/lib/auth-hash';
import { isUnder, PATHS } from '@/lib/paths';
import type { SessionState } from '@/lib/session';

export type RouteAccess =
  | { kind: 'allow' }
  /** The session is still loading: decide once the user is known. */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: { pathname: string; hash?: string }; state?: AuthDialogState };

const PROFILE_PATH = PATHS.profile;
const ADMIN_PATH = PATHS.admin;

/** The verify-email dialog on the home page, forced, returning to `redirectTo` once verified. */
export function verifyEmailRedirect(user: Pick<User, 'email'>, redirectTo: string): RouteAccess {
  return {
    kind: 'redirect',
    to: { pathname: '/', hash: authHash('verify-email') },
    state: { email: user.email, redirect_to: redirectTo, coming_from: 'guard' },
  };
}

/**
 * The access rule of a path:
 * - `/profile*` needs a session, else the login dialog opens on the home page (and comes back to the path
 *   and its `search` once signed in);
 * - an admin is confined to `/profile/admin*` (the map stays public, so the admin menu can open it);
 * - `/profile/admin*` needs the admin flag, else back to `/profile`;
 * - an event-manager with a pending first verification is sent to email verification.
 */
export function routeAccess(pathname: string, session: SessionState, search = ''): RouteAccess {
  // Where to come back to: the query too, so a shared link to page 2 of a table still opens page 2.
  const returnTo = `${pathname}${search}`;
  if (!isUnder(pathname, PROFILE_PATH)) return { kind: 'allow' };
  if (session.status === 'loading') return { kind: 'wait' };
  if (session.status === 'anonymous') {
    return {
      kind: 'redirect',
      to: { pathname: '/', hash: authHash('login') },
      state: { redirect_to: returnTo },
    };
  }
  const { user } = session;
  const inAdmin = isUnder(pathname, ADMIN_PATH);
  if (user.isAdmin) return inAdmin ? { kind: 'allow' } : { kind: 'redirect', to: { pathname: ADMIN_PATH } };
  if (inAdmin) return { kind: 'redirect', to: { pathname: PROFILE_PATH } };
  if (isPendingVerification(user)) return verifyEmailRedirect(user, returnTo);
  return { kind: 'allow' };
}

export type TabAction =
  | { kind: 'navigate'; pathname: string }
  /** Open an auth dialog on the current page. */
  | { kind: 'dialog'; mode: AuthMode; state: AuthDialogState };

/**
 * What the profile tab of the bottom bar does: open login when signed out, verify-email for a
 * pending event-manager, else go to the profile (whose guard waits for a loading session).
 */
export function profileTabAction(session: SessionState): TabAction {
  if (session.status === 'anonymous') {
    return { kind: 'dialog', mode: 'login', state: { redirect_to: PROFILE_PATH } };
  }
  if (session.status === 'signed-in' && isPendingVerification(session.user)) {
    return {
      kind: 'dialog',
      mode: 'verify-email',
      state: { email: session.user.email, redirect_to: PROFILE_PATH, coming_from: 'guard' },
    };
  }
  return { kind: 'navigate', pathname: PROFILE_PATH };
}
