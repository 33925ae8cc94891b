import { forgotPasswordSchema } from '@evmap/contract/auth';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { AuthDialogState } from '@/lib/auth-hash';
import { ContractFormView } from '@/lib/form/contract-form';
import { TextField } from '@/lib/form/fields';
import { useContractForm } from '@/lib/form/use-contract-form';
import { useForgotPassword } from '../api/forgot-password';
import { AuthModeLink } from './auth-mode-link';

/** `#/auth/forgot-pwd`: the email (required), then a "check your email" confirmation. */
export function ForgotPasswordForm({ state }: { state: AuthDialogState }) {
  const { t } = useTranslation();
  const forgotPassword = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, onSubmit, formMessage } = useContractForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    submit: (body) => forgotPassword.mutateAsync(body),
    onSuccess: (_result, body) => setSentTo(body.email),
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
    <ContractFormView
      form={form}
      onSubmit={onSubmit}
      formMessage={formMessage}
      intro={<Text size="sm">{t('auth.forgot.intro')}</Text>}
    >
      <TextField name="email" type="email" autoComplete="email" required initialFocus />
      <Button type="submit" loading={form.formState.isSubmitting}>
        {t('auth.forgot.submit')}
      </Button>
      <AuthModeLink mode="login" state={state}>
        {t('auth.forgot.toLogin')}
      </AuthModeLink>
    </ContractFormView>
  );
}
