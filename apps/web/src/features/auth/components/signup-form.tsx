import { signupSchema } from '@evmap/contract/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { Anchor, Button, Text } from '@mantine/core';
import { useLang } from '@/i18n/use-lang';
import { Trans, useTranslation } from '@/i18n/use-translation';
import { legalUrl } from '@/lib/app-links';
import type { AuthDialogState } from '@/lib/auth-hash';
import { ContractFormView } from '@/lib/form/contract-form';
import { CheckboxField, RadioGroupField, TextField } from '@/lib/form/fields';
import { PasswordField } from '@/lib/form/password-field';
import { useContractForm } from '@/lib/form/use-contract-form';
import { useSignup } from '../api/signup';
import { AuthModeLink } from './auth-mode-link';

/**
 * `#/auth/signup`: account type (required), name (required for an event-manager), email, password
 * (longer than 6 characters), acceptance of the terms of use (required, linked to the PDF).
 */
export function SignupForm({
  state,
  onSignedIn,
}: {
  state: AuthDialogState;
  onSignedIn: (result: AuthResponse) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const signup = useSignup();
  const { form, onSubmit, formMessage } = useContractForm({
    schema: signupSchema,
    // No account type chosen at first; the checkboxes start unchecked (acceptTerms must become true).
    defaultValues: {
      type: undefined,
      name: '',
      email: '',
      password: '',
      acceptTerms: false as never,
      acceptCommunications: false,
    },
    submit: (body) => signup.mutateAsync({ ...body, preferredLang: lang }),
    onSuccess: onSignedIn,
  });
  const manager = form.watch('type') === 'event-manager';

  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <RadioGroupField
        name="type"
        label={t('fields.accountType')}
        options={[
          { value: 'viewer', label: t('auth.signup.viewer') },
          { value: 'event-manager', label: t('auth.signup.eventManager') },
        ]}
        required
        initialFocus
      />
      <TextField
        name="name"
        label={manager ? t('fields.businessName') : t('fields.name')}
        autoComplete={manager ? 'organization' : 'name'}
        maxLength={200}
        required={manager}
      />
      <TextField name="email" type="email" autoComplete="email" required />
      <PasswordField name="password" description={t('auth.passwordRule')} autoComplete="new-password" required />
      <CheckboxField
        name="acceptTerms"
        content={
          <Trans
            i18nKey="auth.signup.acceptTerms"
            components={{
              terms: <Anchor href={legalUrl('terms', lang)} target="_blank" rel="noopener" size="sm" />,
            }}
          />
        }
      />
      <CheckboxField name="acceptCommunications" label={t('auth.signup.acceptCommunications')} />
      <Button type="submit" loading={form.formState.isSubmitting}>
        {t('auth.signup.submit')}
      </Button>
      <Text size="sm" ta="center">
        {t('auth.signup.haveAccount')}{' '}
        <AuthModeLink mode="login" state={state}>
          {t('auth.signup.toLogin')}
        </AuthModeLink>
      </Text>
    </ContractFormView>
  );
}
