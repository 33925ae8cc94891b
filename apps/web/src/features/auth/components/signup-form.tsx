import { signupSchema } from '@evmap/contract/auth';
import type { AuthResponse } from '@evmap/contract/users';
import { Anchor, Button, Checkbox, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormMessage } from '@/components/form-message';
import { useLang } from '@/i18n/use-lang';
import { legalUrl } from '@/lib/app-links';
import type { AuthDialogState } from '@/lib/auth-hash';
import { contractResolver } from '@/lib/contract-resolver';
import { applyServerErrors, errorText } from '@/lib/form-errors';
import { useSignup } from '../api/signup';
import { AuthModeLink } from './auth-mode-link';
import { usePasswordToggle } from './use-password-toggle';

type Values = z.input<typeof signupSchema>;
const FIELDS = ['type', 'name', 'email', 'password', 'acceptTerms', 'acceptCommunications'] as const;

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
  const passwordToggle = usePasswordToggle();
  const lang = useLang();
  const signup = useSignup();
  const form = useForm<Values, unknown, z.output<typeof signupSchema>>({
    resolver: contractResolver(signupSchema),
    // The checkboxes start unchecked (false); acceptTerms must become true.
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const manager = form.watch('type') === 'event-manager';

  const submit = form.handleSubmit(async (body) => {
    try {
      onSignedIn(await signup.mutateAsync({ ...body, preferredLang: lang }));
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, t);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormMessage message={errors.root?.server?.message} />
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Radio.Group
              label={t('fields.accountType')}
              withAsterisk
              value={field.value ?? null}
              onChange={(value) => field.onChange(value)}
              error={errorText(t, errors.type, t('fields.accountType'))}
            >
              <Stack gap="xs" mt={4}>
                <Radio value="viewer" label={t('auth.signup.viewer')} ref={field.ref} data-autofocus />
                <Radio value="event-manager" label={t('auth.signup.eventManager')} />
              </Stack>
            </Radio.Group>
          )}
        />
        <TextInput
          label={manager ? t('fields.businessName') : t('fields.name')}
          autoComplete={manager ? 'organization' : 'name'}
          withAsterisk={manager}
          maxLength={200}
          error={errorText(t, errors.name, manager ? t('fields.businessName') : t('fields.name'))}
          {...form.register('name')}
        />
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          error={errorText(t, errors.email, t('fields.email'))}
          {...form.register('email')}
        />
        <PasswordInput
          {...passwordToggle}
          label={t('fields.password')}
          description={t('auth.passwordRule')}
          autoComplete="new-password"
          withAsterisk
          error={errorText(t, errors.password, t('fields.password'))}
          aria-invalid={errors.password ? true : undefined}
          {...form.register('password')}
        />
        <Checkbox
          label={
            <Trans
              i18nKey="auth.signup.acceptTerms"
              components={{
                terms: <Anchor href={legalUrl('terms', lang)} target="_blank" rel="noopener" size="sm" />,
              }}
            />
          }
          error={errorText(t, errors.acceptTerms, t('fields.acceptTerms'))}
          {...form.register('acceptTerms')}
        />
        <Checkbox label={t('auth.signup.acceptCommunications')} {...form.register('acceptCommunications')} />
        <Button type="submit" loading={isSubmitting}>
          {t('auth.signup.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('auth.signup.haveAccount')}{' '}
          <AuthModeLink mode="login" state={state}>
            {t('auth.signup.toLogin')}
          </AuthModeLink>
        </Text>
      </Stack>
    </form>
  );
}
