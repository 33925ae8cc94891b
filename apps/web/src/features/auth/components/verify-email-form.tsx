import { verifyEmailSchema } from '@evmap/contract/auth';
import type { User } from '@evmap/contract/users';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage } from '@/components/form-message';
import { ApiError } from '@/lib/api-client';
import { contractResolver } from '@/lib/contract-resolver';
import { applyServerErrors, errorText, SERVER_ERROR } from '@/lib/form-errors';
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

type Values = z.input<typeof verifyEmailFormSchema>;

type Props = {
  /** The address being verified. */
  email: string;
  /** Closable (coming from user settings): also offers to cancel the email change. */
  closable: boolean;
  onVerified: (user: User) => void;
  onCancelled: (user: User) => void;
  /** Forced verification only: sign out and go back to login or sign-up. */
  onBack: () => void;
};

/**
 * `#/auth/verify-email`: the 6-digit code mailed to the address, sent as an integer. A new code can
 * be asked for; too many requests (429) get their own message, any other failure the generic one.
 */
export function VerifyEmailForm({ email, closable, onVerified, onCancelled, onBack }: Props) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const resend = useResendCode();
  const cancel = useCancelUnverifiedEmail();
  const form = useForm<Values, unknown, z.output<typeof verifyEmailFormSchema>>({
    resolver: contractResolver(verifyEmailFormSchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      onVerified(await verify.mutateAsync({ email, code }));
    } catch (error) {
      applyServerErrors(error, form.setError, ['code'], t);
    }
  });

  const resendCode = async () => {
    form.clearErrors('root');
    try {
      await resend.mutateAsync();
      toast.success(t('auth.verify.resent', { email }));
    } catch (error) {
      const key = error instanceof ApiError && error.status === 429 ? 'codeRateLimit' : 'resendCodeFailed';
      form.setError('root.server', { type: SERVER_ERROR, message: t(key, { ns: 'errors' }) });
    }
  };

  const cancelChange = async () => {
    try {
      onCancelled(await cancel.mutateAsync());
    } catch (error) {
      applyServerErrors(error, form.setError, [], t);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('auth.verify.intro', { email })}</Text>
        <FormMessage message={errors.root?.server?.message} />
        <TextInput
          label={t('fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          withAsterisk
          data-autofocus
          error={errorText(t, errors.code, t('fields.code'))}
          {...form.register('code')}
        />
        <Button type="submit" loading={isSubmitting}>
          {t('auth.verify.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" onClick={() => void resendCode()} loading={resend.isPending}>
            {t('auth.verify.resend')}
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
      </Stack>
    </form>
  );
}
