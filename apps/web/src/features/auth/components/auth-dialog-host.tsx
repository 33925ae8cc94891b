import { isPendingVerification } from '@evmap/contract/account-rules';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type AuthMode, authHash, parseAuthHash, readAuthState, searchWithoutToken } from '@/lib/auth-hash';
import { type SessionState, signOut, useSession } from '@/lib/session';

// The dialogs and their forms (react-hook-form, zod schemas) load only when a hash asks for one.
const AuthDialog = lazy(() => import('./auth-dialog').then((module) => ({ default: module.AuthDialog })));

/**
 * Whether a sign-in or sign-up dialog is asked for by a user already signed in (a link, a bookmark, the browser's
 * back): true, or null while the session is still loading (the dialog waits). Not when the dialog itself signed the
 * user in: it was open while signed out and goes on by itself (to the verification or to `redirect_to`), which
 * closing it here would cut short.
 */
function useRedundantSignIn(mode: AuthMode | undefined, status: SessionState['status']): boolean | null {
  const signInForm = mode === 'login' || mode === 'signup';
  const openedSignedOut = useRef(false);
  if (!signInForm) openedSignedOut.current = false;
  else if (status === 'anonymous') openedSignedOut.current = true;
  if (!signInForm || openedSignedOut.current) return false;
  return status === 'loading' ? null : status === 'signed-in';
}

/**
 * Watches the URL hash on every page and shows the authentication dialog it names (spec section 2).
 * It also enforces the forced verification: leaving a forced verify-email dialog in any way other
 * than verifying (the Back button, the browser's back) signs out and returns to login, or to
 * sign-up when the user came from sign-up. Sign-in and sign-up close themselves for a signed-in user
 * (going on to `redirect_to` when there is one), as verify-email does when nothing is left to verify.
 */
export function AuthDialogHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const parsed = parseAuthHash(location.hash, location.search);
  const state = readAuthState(location.state);
  const forcedVerification = useRef<{ backTo: 'login' | 'signup' } | null>(null);
  const status = useSession((s) => s.status);
  const redundant = useRedundantSignIn(parsed?.mode, status);

  useEffect(() => {
    if (!redundant) return;
    const { pathname, search } = location;
    void navigate(state.redirect_to ?? { pathname, search: searchWithoutToken(search) }, { replace: true });
  }, [redundant, location, state.redirect_to, navigate]);

  const inVerify = parsed?.mode === 'verify-email';
  const forced = inVerify && state.coming_from !== 'click';
  useEffect(() => {
    if (inVerify) {
      forcedVerification.current = forced ? { backTo: state.coming_from === 'signup' ? 'signup' : 'login' } : null;
      return;
    }
    const left = forcedVerification.current;
    forcedVerification.current = null;
    const { user } = useSession.getState();
    if (left && user && isPendingVerification(user)) {
      signOut();
      void navigate({ pathname: '/', hash: authHash(left.backTo) }, { replace: true });
    }
  }, [inVerify, forced, state.coming_from, navigate]);

  if (!parsed || redundant !== false) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog mode={parsed.mode} token={parsed.token} state={state} />
    </Suspense>
  );
}
