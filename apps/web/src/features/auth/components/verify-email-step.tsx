import type { User } from '@evmap/contract/users';
import { Center, Loader } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { type AuthDialogState, authHash, searchWithoutToken } from '@/lib/auth-hash';
import { setUser, signOut, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { VerifyEmailForm } from './verify-email-form';

type Props = {
  state: AuthDialogState;
  /** Closes the dialog and stays on the page (verification opened from user settings). */
  close: () => void;
  /** Leaves for `state.redirect_to` (or the profile) once verified. */
  goOn: () => void;
  /** Opens login or sign-up after going back. */
  backTo: (mode: 'login' | 'signup') => void;
};

/**
 * The verify-email step: it needs a session (signed out, login opens instead) and a pending address
 * (none left, the dialog closes). Going back signs out and returns to login, or to sign-up when the
 * user came from there. After a switch to event-manager, the text says that the code finishes the switch.
 */
export function VerifyEmailStep({ state, close, goOn, backTo }: Props) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const session = useSession();
  // Once verified, cancelled or left, the step waits for the navigation it started.
  const [finished, setFinished] = useState(false);
  const fromSettings = state.coming_from === 'click';
  const upgrade = state.coming_from === 'upgrade';

  if (finished || session.status === 'loading') {
    return (
      <Center role="status" aria-label={t('common.loading')}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (session.status === 'anonymous') {
    const to = { pathname, search: searchWithoutToken(search), hash: authHash('login') };
    return <Navigate to={to} state={{ redirect_to: state.redirect_to }} replace />;
  }
  const pendingEmail = session.user.unverifiedEmail;
  if (!pendingEmail) return <Navigate to={{ pathname, search: searchWithoutToken(search) }} replace />;

  const onVerified = (user: User) => {
    setFinished(true);
    setUser(user);
    toast.success(t(upgrade ? 'auth.verify.upgradeDone' : 'auth.verify.done'));
    if (fromSettings) close();
    else goOn();
  };
  const onCancelled = (user: User) => {
    setFinished(true);
    setUser(user);
    close();
  };
  const onBack = () => {
    setFinished(true);
    signOut();
    backTo(state.coming_from === 'signup' ? 'signup' : 'login');
  };

  return (
    <VerifyEmailForm
      email={pendingEmail}
      intro={upgrade ? t('auth.verify.upgradeIntro', { email: pendingEmail }) : undefined}
      closable={fromSettings}
      onVerified={onVerified}
      onCancelled={onCancelled}
      onBack={onBack}
    />
  );
}
