import type { AuthResponse } from '@evmap/contract/users';
import '@/styles/lazy.css';
import { isPendingVerification } from '@evmap/contract/account-rules';
import { Modal } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { type AuthDialogState, type AuthMode, authHash, searchWithoutToken } from '@/lib/auth-hash';
import { PATHS } from '@/lib/paths';
import { signIn } from '@/lib/session';
import { toast } from '@/lib/toast';
import { ChangePasswordForm } from './change-password-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { VerifyEmailStep } from './verify-email-step';

type Props = { mode: AuthMode; token: string | null; state: AuthDialogState };

/** Moves the focus to the step's first field when the dialog switches steps (the link pressed is gone). */
function Step({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);
  return <div ref={ref}>{children}</div>;
}

const TITLES = {
  login: 'auth.login.title',
  signup: 'auth.signup.title',
  'forgot-pwd': 'auth.forgot.title',
  'change-pwd': 'auth.changePassword.title',
  'verify-email': 'auth.verify.title',
} as const satisfies Record<AuthMode, string>;

const DONE = {
  login: 'auth.login.done',
  signup: 'auth.signup.done',
  'change-pwd': 'auth.changePassword.done',
} as const;

/**
 * The authentication dialog of the hash (login, sign-up, forgot / change password, verify email).
 * Verify-email is forced (no close button, no Escape, no click outside) unless it was opened from
 * user settings (`coming_from: 'click'`).
 */
export function AuthDialog({ mode, token, state }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const close = () => void navigate({ pathname, search: searchWithoutToken(search) }, { replace: true });
  const switchTo = (next: AuthMode, nextState: AuthDialogState) =>
    void navigate(
      { pathname, search: searchWithoutToken(search), hash: authHash(next) },
      { state: nextState, replace: true },
    );
  const goOn = () => void navigate(state.redirect_to ?? PATHS.profile, { replace: true });

  /** After sign-in, sign-up or a password change: verification first for a pending event-manager. */
  const onSignedIn = (result: AuthResponse, from: keyof typeof DONE) => {
    signIn(result);
    if (isPendingVerification(result.user)) {
      switchTo('verify-email', {
        email: result.user.email,
        redirect_to: state.redirect_to ?? PATHS.profile,
        coming_from: from === 'signup' ? 'signup' : 'login',
      });
      return;
    }
    toast.success(t(DONE[from]));
    goOn();
  };

  const closable = mode !== 'verify-email' || state.coming_from === 'click';
  let content: ReactNode;
  if (mode === 'login') content = <LoginForm state={state} onSignedIn={(result) => onSignedIn(result, 'login')} />;
  else if (mode === 'signup')
    content = <SignupForm state={state} onSignedIn={(result) => onSignedIn(result, 'signup')} />;
  else if (mode === 'forgot-pwd') content = <ForgotPasswordForm state={state} />;
  else if (mode === 'change-pwd')
    content = <ChangePasswordForm token={token} onSignedIn={(result) => onSignedIn(result, 'change-pwd')} />;
  else
    content = <VerifyEmailStep state={state} close={close} goOn={goOn} backTo={(backMode) => switchTo(backMode, {})} />;

  return (
    <Modal
      opened
      onClose={closable ? close : () => undefined}
      title={t(TITLES[mode])}
      withCloseButton={closable}
      closeOnEscape={closable}
      closeOnClickOutside={closable}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-auth-dialog={mode}
    >
      <Step key={mode}>{content}</Step>
    </Modal>
  );
}
