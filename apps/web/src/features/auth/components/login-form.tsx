import { loginSchema } from '@evmap/contract/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormMessage } from '@/components/form-message';
import type { AuthDialogState } from '@/lib/auth-hash';
import { contractResolver } from '@/lib/contract-resolver';
import { applyServerErrors, errorText } from '@/lib/form-errors';
import { useLogin } from '../api/login';
import { AuthModeLink } from './auth-mode-link';
import { usePasswordToggle } from './use-password-toggle';

type Values = z.input<typeof loginSchema>;

/** `#/auth/login`: email and password (both required). */
export function LoginForm({
  state,
  onSignedIn,
}: {
  state: AuthDialogState;
  onSignedIn: (result: AuthResponse) => void;
}) {
  const { t } = useTranslation();
  const passwordToggle = usePasswordToggle();
  const login = useLogin();
  const form = useForm<Values, unknown, z.output<typeof loginSchema>>({
    resolver: contractResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      onSignedIn(await login.mutateAsync(body));
    } catch (error) {
      applyServerErrors(error, form.setError, ['email', 'password'], t);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
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
        <PasswordInput
          {...passwordToggle}
          label={t('fields.password')}
          autoComplete="current-password"
          withAsterisk
          error={errorText(t, errors.password, t('fields.password'))}
          aria-invalid={errors.password ? true : undefined}
          {...form.register('password')}
        />
        <Group justify="flex-end">
          <AuthModeLink mode="forgot-pwd" state={state}>
            {t('auth.login.forgot')}
          </AuthModeLink>
        </Group>
        <Button type="submit" loading={isSubmitting}>
          {t('auth.login.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('auth.login.noAccount')}{' '}
          <AuthModeLink mode="signup" state={state}>
            {t('auth.login.toSignup')}
          </AuthModeLink>
        </Text>
      </Stack>
    </form>
  );
}
