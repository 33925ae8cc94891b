import { changePasswordByTokenSchema } from '@evmap/contract/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { Button } from '@mantine/core';
import { z } from 'zod';
import { useTranslation } from '@/i18n/use-translation';
import { ContractFormView } from '@/lib/form/contract-form';
import { PasswordField } from '@/lib/form/password-field';
import { useContractForm } from '@/lib/form/use-contract-form';
import { errorText } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';

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

/**
 * `#/auth/change-pwd?token=…`: the token from the mailed link (required: "The token cannot be
 * empty"), the new password and its confirmation. The token has no field: its errors, the form's own
 * check and the server's, are the form message.
 */
export function ChangePasswordForm({
  token,
  onSignedIn,
}: {
  token: string | null;
  onSignedIn: (result: AuthResponse) => void;
}) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const { form, onSubmit, formMessage } = useContractForm({
    schema: changePasswordFormSchema,
    defaultValues: { token: token ?? '', password: '', confirmPassword: '' },
    submit: ({ token: checkedToken, password }) => changePassword.mutateAsync({ token: checkedToken, password }),
    onSuccess: onSignedIn,
    serverField: (key) => (key === 'password' ? key : undefined),
  });

  const tokenError = errorText(t, form.formState.errors.token, t('fields.token'));
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={tokenError ?? formMessage}>
      <PasswordField
        name="password"
        label={t('fields.newPassword')}
        description={t('auth.passwordRule')}
        autoComplete="new-password"
        required
        initialFocus
      />
      <PasswordField name="confirmPassword" autoComplete="new-password" required />
      <Button type="submit" loading={form.formState.isSubmitting}>
        {t('auth.changePassword.submit')}
      </Button>
    </ContractFormView>
  );
}
