import { verifyEmailSchema } from '@evmap/contract/auth';
import { CODE_RESEND_INTERVAL_MS } from '@evmap/contract/constants';
import type { ErrorKey } from '@evmap/contract/errors';
import type { User } from '@evmap/contract/users';
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { errorTextsOf } from '@/i18n/i18n';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { ContractFormView } from '@/lib/form/contract-form';
import { TextField } from '@/lib/form/fields';
import { useContractForm } from '@/lib/form/use-contract-form';
import { toast } from '@/lib/toast';
import { useCancelUnverifiedEmail } from '../api/cancel-unverified-email';
import { useResendCode } from '../api/resend-code';
import { useVerifyEmail } from '../api/verify-email';

/** The typed code (required), turned into the integer the contract's `code` expects. */
const verifyEmailFormSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: 'fieldRequired' })
    .pipe(z.coerce.number<string>({ error: 'codeInvalid' }).pipe(verifyEmailSchema.shape.code)),
});

type Props = {
  /** The address being verified. */
  email: string;
  /** Why a code is asked, when the plain "we sent a code" does not say it. */
  intro?: string;
  /** Closable (coming from user settings): also offers to cancel the email change. */
  closable: boolean;
  onVerified: (user: User) => void;
  onCancelled: (user: User) => void;
  /** Forced verification only: sign out and go back to login or sign-up. */
  onBack: () => void;
};

/** The seconds left until `until` (epoch ms), read at each render and re-rendered every second; 0 once past. */
function useSecondsLeft(until: number | null): number {
  const [, tick] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      tick((n) => n + 1);
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** The API's message is this catalogue entry, in a language whose messages are loaded (the interface's). */
const isMessage = (message: string | undefined, key: ErrorKey) =>
  message !== undefined && errorTextsOf(key).includes(message);

/**
 * `#/auth/verify-email`: the 6-digit code mailed to the address, sent as an integer. A new code can be asked
 * for once a minute: after one is sent, and when the API says one was sent a moment ago (429 with Retry-After,
 * as the first ask right after sign-up is), the button counts down and the form says when it can be asked.
 * The daily cap of the address says its own message; any other failure the generic one.
 */
export function VerifyEmailForm({ email, intro, closable, onVerified, onCancelled, onBack }: Props) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const resend = useResendCode();
  const cancel = useCancelUnverifiedEmail();
  const { form, onSubmit, formMessage, setFormMessage, showError } = useContractForm({
    schema: verifyEmailFormSchema,
    defaultValues: { code: '' },
    submit: ({ code }) => verify.mutateAsync({ email, code }),
    onSuccess: onVerified,
  });

  const [nextCodeAt, setNextCodeAt] = useState<number | null>(null);
  const waitSeconds = useSecondsLeft(nextCodeAt);
  const [waitMessage, setWaitMessage] = useState<string | undefined>(undefined);
  // The wait is over: its message goes with it.
  useEffect(() => {
    if (waitSeconds === 0 && waitMessage) {
      setWaitMessage(undefined);
      if (formMessage === waitMessage) setFormMessage(undefined);
    }
  }, [waitSeconds, waitMessage, formMessage, setFormMessage]);

  const resendCode = async () => {
    setFormMessage(undefined);
    try {
      await resend.mutateAsync();
      setNextCodeAt(Date.now() + CODE_RESEND_INTERVAL_MS);
      toast.success(t('auth.verify.resent', { email }));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 429) {
        setFormMessage(t('resendCodeFailed', { ns: 'errors' }));
        return;
      }
      const seconds = error.retryAfterSeconds;
      if (isMessage(error.errors.global, 'codeAddressLimit')) {
        setFormMessage(t('codeAddressLimit', { ns: 'errors' }));
        return;
      }
      if (seconds === undefined || seconds > 3600) {
        setFormMessage(t('codeRateLimit', { ns: 'errors' }));
        return;
      }
      const message = t('auth.verify.wait', { seconds });
      setNextCodeAt(Date.now() + seconds * 1000);
      setWaitMessage(message);
      setFormMessage(message);
    }
  };

  const cancelChange = async () => {
    try {
      onCancelled(await cancel.mutateAsync());
    } catch (error) {
      // Nothing of the code field: every message of this call is the form message.
      showError(error, () => undefined);
    }
  };

  return (
    <ContractFormView
      form={form}
      onSubmit={onSubmit}
      formMessage={formMessage}
      intro={<Text size="sm">{intro ?? t('auth.verify.intro', { email })}</Text>}
    >
      <TextField name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required initialFocus />
      <Button type="submit" loading={form.formState.isSubmitting}>
        {t('auth.verify.submit')}
      </Button>
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          onClick={() => void resendCode()}
          loading={resend.isPending}
          disabled={waitSeconds > 0}
        >
          {waitSeconds > 0 ? t('auth.verify.resendIn', { seconds: waitSeconds }) : t('auth.verify.resend')}
        </Button>
        {closable ? (
          <Button variant="subtle" color="red" onClick={() => void cancelChange()} loading={cancel.isPending}>
            {t('auth.verify.cancelChange')}
          </Button>
        ) : (
          <Button variant="subtle" color="gray" onClick={onBack}>
            {t('auth.verify.back')}
          </Button>
        )}
      </Group>
    </ContractFormView>
  );
}
