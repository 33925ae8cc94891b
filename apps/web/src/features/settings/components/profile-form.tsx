import { emailSchema, type UpdateMeBody, type User } from '@evmap/contract/users';
import { Button, Group } from '@mantine/core';
import { z } from 'zod';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { ContractFormView } from '@/lib/form/contract-form';
import { TextField } from '@/lib/form/fields';
import { useContractForm } from '@/lib/form/use-contract-form';
import { getMe } from '@/lib/get-me';
import { PATHS } from '@/lib/paths';
import { setUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useOpenAuthDialog } from '@/lib/use-auth-dialog';
import { useUpdateMe } from '../api/update-me';

/** Name and email, both required on the account (spec section 5); the email as the contract checks it. */
const profileFormSchema = z.object({
  name: z.string().trim().min(1, { error: 'fieldRequired' }).max(200),
  email: emailSchema,
});

/**
 * The user's name (the business name of an event-manager) and email, saved with `PUT /connected/me`.
 * A new email only waits in `unverifiedEmail`: the verify-email dialog opens for it, closable since it
 * comes from the settings (`coming_from: 'click'`), and the field keeps the current address.
 */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const updateMe = useUpdateMe();
  const openAuthDialog = useOpenAuthDialog();

  const submit = async ({ name, email }: z.output<typeof profileFormSchema>) => {
    const changesEmail = email !== user.email;
    const body: UpdateMeBody = changesEmail ? { name, email } : { name };
    try {
      return await updateMe.mutateAsync(body);
    } catch (error) {
      // The server keeps the new address even when mailing its code was refused (429): show it as pending.
      if (changesEmail && error instanceof ApiError && error.status === 429) void getMe().then(setUser, () => {});
      throw error;
    }
  };

  const { form, onSubmit, formMessage } = useContractForm({
    schema: profileFormSchema,
    defaultValues: { name: user.name ?? '', email: user.email },
    submit,
    onSuccess: (updated, values) => {
      form.reset({ name: updated.name ?? '', email: updated.email });
      toast.success(t('settings.saved'));
      if (values.email !== user.email && updated.unverifiedEmail) {
        openAuthDialog('verify-email', {
          email: updated.unverifiedEmail,
          coming_from: 'click',
          redirect_to: PATHS.settings,
        });
      }
    },
  });

  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage} label={t('settings.profileFormLabel')}>
      <TextField
        name="name"
        label={user.type === 'event-manager' ? t('fields.businessName') : undefined}
        autoComplete={user.type === 'event-manager' ? 'organization' : 'name'}
        required
      />
      <TextField name="email" type="email" autoComplete="email" description={t('settings.emailHint')} required />
      <Group>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('settings.save')}
        </Button>
      </Group>
    </ContractFormView>
  );
}
