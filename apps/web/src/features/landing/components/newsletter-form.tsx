/** The newsletter signup: the address checked with the contract schema, server errors on the field. */
import { subscribeSchema } from '@evmap/contract/forms';
import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { ContractFormView } from '@/lib/form/contract-form';
import { TextField } from '@/lib/form/fields';
import { useContractForm } from '@/lib/form/use-contract-form';
import { useSubscribe } from '../api/subscribe';

/** One email field; once sent, the form thanks and empties itself (signing up twice is no error). */
export function NewsletterForm() {
  const { t } = useTranslation();
  const headingId = useId();
  const subscribe = useSubscribe();
  const [done, setDone] = useState(false);
  const { form, onSubmit, formMessage } = useContractForm({
    schema: subscribeSchema,
    defaultValues: { email: '' },
    submit: (body) => subscribe.mutateAsync(body),
    onSuccess: () => {
      setDone(true);
      form.reset();
    },
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
      <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage} gap="xs">
        <Group align="flex-start" wrap="nowrap">
          <Box flex={1}>
            <TextField name="email" type="email" autoComplete="email" />
          </Box>
          <Button type="submit" loading={form.formState.isSubmitting} mt={25}>
            {t('landing.newsletter.submit')}
          </Button>
        </Group>
      </ContractFormView>
    </Stack>
  );
}
