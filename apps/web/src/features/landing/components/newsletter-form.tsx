/** The newsletter signup: the address checked with the contract schema, server errors on the field. */
import { subscribeSchema } from '@evmap/contract/forms';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormMessage } from '@/components/form-message';
import { contractResolver } from '@/lib/contract-resolver';
import { applyServerErrors, errorText } from '@/lib/form-errors';
import { useSubscribe } from '../api/subscribe';

type Values = z.input<typeof subscribeSchema>;

/** The newsletter form. */
export function NewsletterForm() {
  const { t } = useTranslation();
  const headingId = useId();
  const subscribe = useSubscribe();
  const [done, setDone] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof subscribeSchema>>({
    resolver: contractResolver(subscribeSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await subscribe.mutateAsync(body);
      setDone(true);
      form.reset();
    } catch (error) {
      applyServerErrors(error, form.setError, ['email'], t);
    }
  });

  return (
    <Stack component="section" aria-labelledby={headingId} maw={520} mx="auto" w="100%">
      <Title order={2} id={headingId}>
        {t('landing.newsletter.title')}
      </Title>
      <Text>{t('landing.newsletter.text')}</Text>
      {done && (
        <Text role="status" c="green.9" fw={600}>
          {t('landing.newsletter.success')}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <FormMessage message={errors.root?.server?.message} />
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              flex={1}
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              error={errorText(t, errors.email, t('fields.email'))}
              {...form.register('email')}
            />
            <Button type="submit" loading={isSubmitting} mt={25}>
              {t('landing.newsletter.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
