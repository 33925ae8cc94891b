/**
 * The account form (spec sections 3 and 5): name (the business name of an event-manager), email, phone,
 * address, billing address ("same as address" copies the address and hides the block) and the news
 * consent, saved with `PUT /connected/me`. The session gets the saved user, so the header's
 * incomplete-profile alert follows. A new email waits for its code: the verify-email dialog opens,
 * closable since it comes from the settings, as on the settings page (whose pending-email notice is shown).
 */
import type { User } from '@evmap/contract/users';
import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { AddressFields } from '@/components/address-fields';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { ContractFormView } from '@/lib/form/contract-form';
import { CheckboxField, PhoneField, TextField } from '@/lib/form/fields';
import { useContractForm } from '@/lib/form/use-contract-form';
import { useUnsavedChanges } from '@/lib/form/use-unsaved-changes';
import { getMe } from '@/lib/get-me';
import { PATHS } from '@/lib/paths';
import { setUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useOpenAuthDialog } from '@/lib/use-auth-dialog';
import { useUpdateMe } from '../api/update-me';
import {
  accountFormSchema,
  accountServerField,
  requiredAccountFields,
  userToAccountValues,
} from '../utils/account-form-values';
import { PendingEmail } from './pending-email';

/** The account form of the signed-in `user`. */
export function AccountForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const openAuthDialog = useOpenAuthDialog();
  const manager = user.type === 'event-manager';
  const required = useMemo(() => requiredAccountFields(user.type), [user.type]);
  const isRequired = (field: string) => required.has(field);
  // Read by serverField when an answer arrives, after the render that sent it.
  const sameAddressRef = useRef(true);

  const openVerification = (email: string) =>
    openAuthDialog('verify-email', { email, redirect_to: PATHS.account, coming_from: 'click' });

  // The email is sent only when it changes: a new one waits for its code (as on the settings page).
  const submit = async ({ email, ...profile }: z.output<typeof accountFormSchema>) => {
    const changesEmail = email !== user.email;
    try {
      return await update.mutateAsync(changesEmail ? { ...profile, email } : profile);
    } catch (error) {
      // The server keeps the new address even when mailing its code was refused (429): show it as pending.
      if (changesEmail && error instanceof ApiError && error.status === 429) void getMe().then(setUser, () => {});
      throw error;
    }
  };

  const { form, onSubmit, formMessage } = useContractForm({
    schema: accountFormSchema,
    defaultValues: userToAccountValues(user),
    submit,
    serverField: (key) => accountServerField(key, sameAddressRef.current),
    onSuccess: (saved, values) => {
      form.reset(userToAccountValues(saved));
      toast.success(t('account.saved'));
      if (values.email !== user.email && saved.unverifiedEmail) openVerification(saved.unverifiedEmail);
    },
  });
  const sameAddress = useWatch({ control: form.control, name: 'sameAddress' });
  sameAddressRef.current = sameAddress;
  // Leaving with unsaved changes asks first (the form is reset to what was saved, so a save is not asked about).
  const unsaved = useUnsavedChanges(form.formState.isDirty);

  // Once a new address is verified, the field shows it (unless the user is typing another one).
  useEffect(() => {
    if (!form.getFieldState('email').isDirty) form.resetField('email', { defaultValue: user.email });
  }, [user.email, form]);

  return (
    <ContractFormView
      form={form}
      onSubmit={onSubmit}
      formMessage={formMessage}
      label={t('account.formLabel')}
      focusMessage
    >
      <Text size="sm" c="dimmed">
        {t('account.requiredNote')}
      </Text>
      <TextField
        name="name"
        label={manager ? t('fields.businessName') : undefined}
        autoComplete={manager ? 'organization' : 'name'}
        required
      />
      <TextField name="email" type="email" autoComplete="email" required description={t('account.emailHint')} />
      <PendingEmail user={user} />
      <PhoneField name="phoneNumber" required={isRequired('phoneNumber')} />
      <Fieldset legend={t('account.address')}>
        <AddressFields required={isRequired('address')} />
      </Fieldset>
      <Fieldset legend={t('account.billing')}>
        <Stack>
          <CheckboxField name="sameAddress" />
          {!sameAddress && <AddressFields prefix="billing" required={isRequired('billingAddress')} />}
        </Stack>
      </Fieldset>
      <CheckboxField name="acceptCommunications" />
      <Group justify="flex-end">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('account.save')}
        </Button>
      </Group>
      {unsaved.dialog}
    </ContractFormView>
  );
}
