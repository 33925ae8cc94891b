import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { type AuthDialogState, type AuthMode, authHash } from '@/lib/auth-hash';

/** A link to another auth dialog on the same page, keeping where to go afterwards. */
export function AuthModeLink({
  mode,
  state,
  children,
}: {
  mode: AuthMode;
  state: AuthDialogState;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  return (
    <Anchor
      component={Link}
      to={{ pathname, search, hash: authHash(mode) }}
      state={{ redirect_to: state.redirect_to }}
      replace
      size="sm"
    >
      {children}
    </Anchor>
  );
}
