import { forgotPasswordSchema } from '@evmap/contract/auth';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormMessage } from '@/components/form-message';
import type { AuthDialogState } from '@/lib/auth-hash';
import { contractResolver } from '@/lib/contract-resolver';
import { applyServerErrors, errorText } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import { AuthModeLink } from './auth-mode-link';

type Values = z.input<typeof forgotPasswordSchema>;

/** `#/auth/forgot-pwd`: the email (required), then a "check your email" confirmation. */
export function ForgotPasswordForm({ state }: { state: AuthDialogState }) {
  const { t } = useTranslation();
  const forgotPassword = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: contractResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await forgotPassword.mutateAsync(body);
      setSentTo(body.email);
    } catch (error) {
      applyServerErrors(error, form.setError, ['email'], t);
    }
  });

  if (sentTo) {
    return (
      <Stack>
        <Text fw={600} role="status">
          {t('auth.forgot.checkTitle')}
        </Text>
        <Text>{t('auth.forgot.checkText', { email: sentTo })}</Text>
        <AuthModeLink mode="login" state={state}>
          {t('auth.forgot.toLogin')}
        </AuthModeLink>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('auth.forgot.intro')}</Text>
        <FormMessage message={errors.root?.server?.message} />
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          data-autofocus
          error={errorText(t, errors.email, t('fields.email'))}
          {...form.register('email')}
        />
        <Button type="submit" loading={isSubmitting}>
          {t('auth.forgot.submit')}
        </Button>
        <AuthModeLink mode="login" state={state}>
          {t('auth.forgot.toLogin')}
        </AuthModeLink>
      </Stack>
    </form>
  );
}
