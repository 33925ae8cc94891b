/**
 * Connecting one of the organisation's calendars (issue 25): its name, its iCalendar URL and how often it is
 * read. The contract's rules show on their fields before anything is sent; the API's refusals land on theirs.
 */
import { IMPORT_LANGUAGES, IMPORT_SCHEDULES, type ImportSource } from '@evmap/contract/import';
import { Button, Group } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import { ContractFormView } from '@/lib/form/contract-form';
import { SelectField, TextField } from '@/lib/form/fields';
import { useContractForm } from '@/lib/form/use-contract-form';
import { useCreateOwnSource } from '../api/own-sources';
import { newOwnSourceValues, ownSourceFormSchema } from '../utils/own-source-form-schema';

/** The form; `onConnected` after the API saved the calendar. */
export function OwnSourceForm({ onConnected }: { onConnected: (source: ImportSource) => void }) {
  const { t } = useTranslation();
  const create = useCreateOwnSource();
  const { form, onSubmit, formMessage } = useContractForm({
    schema: ownSourceFormSchema,
    defaultValues: newOwnSourceValues(),
    submit: (body) => create.mutateAsync(body),
    onSuccess: (source) => {
      form.reset(newOwnSourceValues());
      onConnected(source);
    },
  });
  const schedules = IMPORT_SCHEDULES.map((s) => ({ value: s, label: t(`sources.schedules.${s}`) }));
  const languages = IMPORT_LANGUAGES.map((l) => ({ value: l, label: t(`sources.languages.${l}`) }));

  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage} label={t('calendars.form.label')}>
      <TextField name="name" label={t('calendars.form.name')} autoComplete="off" required />
      <TextField
        name="url"
        type="url"
        label={t('calendars.form.url')}
        description={t('calendars.form.urlHint')}
        autoComplete="off"
        required
      />
      <SelectField<string> name="schedule" label={t('calendars.form.schedule')} options={schedules} />
      <SelectField<string>
        name="language"
        label={t('calendars.form.language')}
        description={t('sources.form.languageHint')}
        options={languages}
      />
      <Group>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('calendars.form.submit')}
        </Button>
      </Group>
    </ContractFormView>
  );
}
