/** Opening an authentication dialog on the current page, by setting its hash (spec section 2). */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type AuthDialogState, type AuthMode, authHash } from '@/lib/auth-hash';

/** Returns `open(mode, state?, { replace? })`, which keeps the current page and adds `#/auth/<mode>`. */
export function useOpenAuthDialog() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (mode: AuthMode, state: AuthDialogState = {}, options: { replace?: boolean } = {}) =>
      navigate({ pathname, search, hash: authHash(mode) }, { state, replace: options.replace }),
    [navigate, pathname, search],
  );
}
