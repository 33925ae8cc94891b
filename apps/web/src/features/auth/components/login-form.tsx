import { loginSchema } from '@evmap/contract/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import type { AuthDialogState } from '@/lib/auth-hash';
import { ContractFormView } from '@/lib/form/contract-form';
import { TextField } from '@/lib/form/fields';
import { PasswordField } from '@/lib/form/password-field';
import { useContractForm } from '@/lib/form/use-contract-form';
import { useLogin } from '../api/login';
import { AuthModeLink } from './auth-mode-link';

/** `#/auth/login`: email and password (both required). */
export function LoginForm({
  state,
  onSignedIn,
}: {
  state: AuthDialogState;
  onSignedIn: (result: AuthResponse) => void;
}) {
  const { t } = useTranslation();
  const login = useLogin();
  const { form, onSubmit, formMessage } = useContractForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    submit: (body) => login.mutateAsync(body),
    onSuccess: onSignedIn,
  });

  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <TextField name="email" type="email" autoComplete="email" required initialFocus />
      <PasswordField name="password" autoComplete="current-password" required />
      <Group justify="flex-end">
        <AuthModeLink mode="forgot-pwd" state={state}>
          {t('auth.login.forgot')}
        </AuthModeLink>
      </Group>
      <Button type="submit" loading={form.formState.isSubmitting}>
        {t('auth.login.submit')}
      </Button>
      <Text size="sm" ta="center">
        {t('auth.login.noAccount')}{' '}
        <AuthModeLink mode="signup" state={state}>
          {t('auth.login.toSignup')}
        </AuthModeLink>
      </Text>
    </ContractFormView>
  );
}
