import type { AdminUserValues } from '@evmap/contract/admin-users';
import type { User } from '@evmap/contract/users';
import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { AddressFields } from '@/components/address-fields';
import { useTranslation } from '@/i18n/use-translation';
import { ContractFormView } from '@/lib/form/contract-form';
import { CheckboxField, PhoneField, SelectField, TextField } from '@/lib/form/fields';
import { useContractForm } from '@/lib/form/use-contract-form';
import {
  type AdminUserFormValues,
  adminUserFormSchema,
  adminUserServerField,
  PLAN_CHOICES,
} from '../utils/admin-user-form-schema';
import { AdminUserTrialEnd } from './admin-user-trial-end';

export type AdminUserFormProps = {
  mode: 'create' | 'edit';
  initialValues: AdminUserFormValues;
  /** Sends the checked values; resolves with the user as saved. */
  save: (values: AdminUserValues) => Promise<User>;
  /** After a successful save (the edit form then shows the user as saved). */
  onSaved: (user: User) => void;
  /** The values of the saved user, to start the form again from them (edit only). */
  valuesOf?: (user: User) => AdminUserFormValues;
};

/** The billing address block: "same as the address" by default, its own fields otherwise. */
function BillingFields() {
  const same = useWatch({ name: 'sameAddress' }) as boolean;
  return (
    <Stack>
      <CheckboxField name="sameAddress" />
      {!same && <AddressFields prefix="billing" />}
    </Stack>
  );
}

/**
 * The administrators' user form, for creating and editing (spec sections 3, 5 and 9): name and email
 * required; type, plan and trial end, language, phone, website, address and billing address, news by email.
 */
export function AdminUserForm({ mode, initialValues, save, onSaved, valuesOf }: AdminUserFormProps) {
  const { t } = useTranslation();
  const { form, onSubmit, formMessage } = useContractForm({
    schema: adminUserFormSchema,
    defaultValues: initialValues,
    submit: save,
    serverField: adminUserServerField,
    onSuccess: (user) => {
      if (valuesOf) form.reset(valuesOf(user));
      onSaved(user);
    },
  });
  const types = (['event-manager', 'viewer'] as const).map((type) => ({
    value: type,
    label: t(`adminUserForm.types.${type}`),
  }));
  const plans = PLAN_CHOICES.map((plan) => ({ value: plan, label: t(`adminUserForm.plans.${plan}`) }));
  const langs = (['fr', 'en'] as const).map((lang) => ({ value: lang, label: t(`adminUserForm.langs.${lang}`) }));

  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage} label={t('adminUserForm.formLabel')}>
      {mode === 'create' && (
        <Text size="sm" c="dimmed">
          {t('adminUserForm.createHint')}
        </Text>
      )}
      <Fieldset legend={t('adminUserForm.account')}>
        <Stack>
          <TextField name="name" autoComplete="off" required />
          <TextField name="email" type="email" autoComplete="off" required />
          <SelectField<string> name="type" label={t('fields.accountType')} options={types} />
          <SelectField<string> name="preferredLang" options={langs} />
          <CheckboxField name="acceptCommunications" label={t('adminUserForm.acceptCommunications')} />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('adminUserForm.plan')}>
        <Stack>
          <SelectField<string> name="planType" options={plans} />
          <AdminUserTrialEnd />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('adminUserForm.contact')}>
        <Stack>
          <PhoneField name="phoneNumber" />
          <TextField name="website" type="url" autoComplete="off" />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('adminUserForm.address')}>
        <AddressFields />
      </Fieldset>
      <Fieldset legend={t('adminUserForm.billing')}>
        <BillingFields />
      </Fieldset>
      <Group>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {mode === 'create' ? t('adminUserForm.create') : t('adminUserForm.save')}
        </Button>
      </Group>
    </ContractFormView>
  );
}
