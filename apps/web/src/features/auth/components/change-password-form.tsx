import { changePasswordByTokenSchema } from '@evmap/contract/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage } from '@/components/form-message';
import { contractResolver } from '@/lib/contract-resolver';
import { applyServerErrors, errorText } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';
import { usePasswordToggle } from './use-password-toggle';

/** The contract's body (token, password) plus the confirmation, which must be present and equal. */
const changePasswordFormSchema = changePasswordByTokenSchema
  .extend({ confirmPassword: z.string().min(1, { error: 'fieldRequired' }) })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: 'passwordsDoNotMatch',
    // Compare as soon as both are typed, even while another field is still wrong.
    when: ({ value }) => {
      const { password, confirmPassword } = value as { password?: unknown; confirmPassword?: unknown };
      return typeof password === 'string' && typeof confirmPassword === 'string' && confirmPassword !== '';
    },
  });

type Values = z.input<typeof changePasswordFormSchema>;

/**
 * `#/auth/change-pwd?token=…`: the token from the mailed link (required: "The token cannot be
 * empty"), the new password and its confirmation. Token errors have no field: they are the form message.
 */
export function ChangePasswordForm({
  token,
  onSignedIn,
}: {
  token: string | null;
  onSignedIn: (result: AuthResponse) => void;
}) {
  const { t } = useTranslation();
  const passwordToggle = usePasswordToggle();
  const changePassword = useChangePassword();
  const form = useForm<Values, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: contractResolver(changePasswordFormSchema),
    defaultValues: { token: token ?? '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ token: checkedToken, password }) => {
    try {
      onSignedIn(await changePassword.mutateAsync({ token: checkedToken, password }));
    } catch (error) {
      applyServerErrors(error, form.setError, ['password'], t);
    }
  });

  const formMessage = errorText(t, errors.token, t('fields.token')) ?? errors.root?.server?.message;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormMessage message={formMessage} />
        <input type="hidden" {...form.register('token')} />
        <PasswordInput
          {...passwordToggle}
          label={t('fields.newPassword')}
          description={t('auth.passwordRule')}
          autoComplete="new-password"
          withAsterisk
          data-autofocus
          error={errorText(t, errors.password, t('fields.newPassword'))}
          aria-invalid={errors.password ? true : undefined}
          {...form.register('password')}
        />
        <PasswordInput
          {...passwordToggle}
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          error={errorText(t, errors.confirmPassword, t('fields.confirmPassword'))}
          aria-invalid={errors.confirmPassword ? true : undefined}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" loading={isSubmitting}>
          {t('auth.changePassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
