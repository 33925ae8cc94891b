import { changeMyPasswordSchema } from '@evmap/contract/users';
import { Button, Group, Text } from '@mantine/core';
import { PageHeading } from '@/components/page-heading';
import { useTranslation } from '@/i18n/use-translation';
import { ContractFormView } from '@/lib/form/contract-form';
import { PasswordField } from '@/lib/form/password-field';
import { useContractForm } from '@/lib/form/use-contract-form';
import { toast } from '@/lib/toast';
import { useChangeMyPassword } from '../api/change-password';

/** The contract's body, with the confirmation checked here too, on its own field. */
const passwordFormSchema = changeMyPasswordSchema.refine((values) => values.newPassword === values.confirmNewPassword, {
  path: ['confirmNewPassword'],
  error: 'passwordsDoNotMatch',
  // Compare as soon as both are typed, even while another field is still wrong.
  when: ({ value }) => {
    const { newPassword, confirmNewPassword } = value as { newPassword?: unknown; confirmNewPassword?: unknown };
    return typeof newPassword === 'string' && typeof confirmNewPassword === 'string' && confirmNewPassword !== '';
  },
});

const EMPTY = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/**
 * `/profile/me/password`: current, new and confirmation. A wrong current password comes back from the
 * server on its field. The answer's new token replaces the old one (which the change revoked), so the
 * user stays signed in here while every other session ends.
 */
export function PasswordPage() {
  const { t } = useTranslation();
  const changePassword = useChangeMyPassword();
  const { form, onSubmit, formMessage } = useContractForm({
    schema: passwordFormSchema,
    defaultValues: EMPTY,
    submit: (values) => changePassword.mutateAsync(values),
    onSuccess: () => {
      form.reset(EMPTY);
      toast.success(t('password.done'));
    },
  });

  return (
    <>
      <PageHeading title={t('pages.password')} />
      <Text mb="md" size="sm">
        {t('password.intro')}
      </Text>
      <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage} label={t('pages.password')}>
        <PasswordField name="currentPassword" autoComplete="current-password" required />
        <PasswordField name="newPassword" autoComplete="new-password" description={t('auth.passwordRule')} required />
        <PasswordField name="confirmNewPassword" autoComplete="new-password" required />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('password.submit')}
          </Button>
        </Group>
      </ContractFormView>
    </>
  );
}
