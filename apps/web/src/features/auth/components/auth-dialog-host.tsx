import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authHash, parseAuthHash, readAuthState } from '@/lib/auth-hash';
import { isPendingVerification, signOut, useSession } from '@/lib/session';

// The dialogs and their forms (react-hook-form, zod schemas) load only when a hash asks for one.
const AuthDialog = lazy(() => import('./auth-dialog').then((module) => ({ default: module.AuthDialog })));

/**
 * Watches the URL hash on every page and shows the authentication dialog it names (spec section 2).
 * It also enforces the forced verification: leaving a forced verify-email dialog in any way other
 * than verifying (the Back button, the browser's back) signs out and returns to login, or to
 * sign-up when the user came from sign-up.
 */
export function AuthDialogHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const parsed = parseAuthHash(location.hash, location.search);
  const state = readAuthState(location.state);
  const forcedVerification = useRef<{ backTo: 'login' | 'signup' } | null>(null);

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

  if (!parsed) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog mode={parsed.mode} token={parsed.token} state={state} />
    </Suspense>
  );
}
