import { contactSchema } from '@evmap/contract/forms';
import { Button, Group, Text } from '@mantine/core';
import { PageHeading } from '@/components/page-heading';
import { useTranslation } from '@/i18n/use-translation';
import { ContractFormView } from '@/lib/form/contract-form';
import { TextareaField, TextField } from '@/lib/form/fields';
import { useContractForm } from '@/lib/form/use-contract-form';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useContactUs } from '../api/contact-us';

/**
 * `/profile/me/contact`: subject and message, both required ("Subject and message are required"),
 * mailed to the team with the user's address to answer; the form empties once sent.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const email = useSession((state) => state.user?.email);
  const contactUs = useContactUs();
  const { form, onSubmit, formMessage } = useContractForm({
    schema: contactSchema,
    defaultValues: { subject: '', message: '' },
    submit: (values) => contactUs.mutateAsync(values),
    onSuccess: () => {
      form.reset();
      toast.success(t('contact.sent'));
    },
  });

  return (
    <>
      <PageHeading title={t('pages.contact')} />
      {email && (
        <Text mb="md" size="sm">
          {t('contact.intro', { email })}
        </Text>
      )}
      <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage} label={t('pages.contact')}>
        <TextField name="subject" required />
        <TextareaField name="message" minRows={6} required />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('contact.send')}
          </Button>
        </Group>
      </ContractFormView>
    </>
  );
}
