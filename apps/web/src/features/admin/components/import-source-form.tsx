/**
 * The administrators' import source form, for adding and editing (issue 25): name, kind, URL, schedule, the
 * event-manager account the events belong to, default category and category mapping, licence and attribution,
 * and whether the events are published at once or wait for moderation. Every rule of the contract is checked on
 * its field before sending; the API's refusals land on their fields.
 */
import {
  IMPORT_KINDS,
  IMPORT_LANGUAGES,
  IMPORT_SCHEDULES,
  type ImportSource,
  type ImportSourceInput,
} from '@evmap/contract/import';
import { Button, Fieldset, Group, Stack } from '@mantine/core';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { ContractFormView } from '@/lib/form/contract-form';
import { CheckboxField, SelectField, TextareaField, TextField } from '@/lib/form/fields';
import { useContractForm } from '@/lib/form/use-contract-form';
import { useGlobals } from '@/lib/get-globals';
import {
  type ImportSourceFormValues,
  importSourceFormSchema,
  importSourceServerField,
} from '../utils/import-source-form-schema';
import { ImportSourceMapping } from './import-source-mapping';
import { ImportSourceOwnerField } from './import-source-owner-field';

export type ImportSourceFormProps = {
  mode: 'create' | 'edit';
  initialValues: ImportSourceFormValues;
  /** The owner's label the source was saved with (edit). */
  ownerLabel?: string;
  /** Sends the checked values; resolves with the source as saved. */
  save: (values: ImportSourceInput) => Promise<ImportSource>;
  onSaved: (source: ImportSource) => void;
};

const parseId = (value: string) => (value ? Number(value) : null);

/** The form; see the module comment. */
export function ImportSourceForm({ mode, initialValues, ownerLabel, save, onSaved }: ImportSourceFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { form, onSubmit, formMessage } = useContractForm({
    schema: importSourceFormSchema,
    defaultValues: initialValues,
    submit: save,
    serverField: importSourceServerField,
    onSuccess: onSaved,
  });
  const categories = (useGlobals().data?.categories ?? []).map((c) => ({
    value: String(c.id),
    label: lang === 'fr' ? c.titleFr : c.titleEn,
  }));
  const kinds = IMPORT_KINDS.map((kind) => ({ value: kind, label: t(`sources.kinds.${kind}`) }));
  const schedules = IMPORT_SCHEDULES.map((s) => ({ value: s, label: t(`sources.schedules.${s}`) }));
  const languages = IMPORT_LANGUAGES.map((l) => ({ value: l, label: t(`sources.languages.${l}`) }));
  const label = (name: string) => t(`sources.fields.${name}` as 'sources.fields.name');

  return (
    <ContractFormView
      form={form}
      onSubmit={onSubmit}
      formMessage={formMessage}
      label={t('sources.form.label')}
      focusMessage
    >
      <Fieldset legend={t('sources.form.source')}>
        <Stack>
          <TextField name="name" label={label('name')} autoComplete="off" required />
          <SelectField<string> name="kind" label={label('kind')} options={kinds} />
          <TextField
            name="url"
            type="url"
            label={label('url')}
            description={t('sources.form.urlHint')}
            autoComplete="off"
            required
          />
          <SelectField<string> name="schedule" label={label('schedule')} options={schedules} />
          <SelectField<string>
            name="language"
            label={label('language')}
            description={t('sources.form.languageHint')}
            options={languages}
          />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('sources.form.events')}>
        <Stack>
          <ImportSourceOwnerField initialLabel={ownerLabel} />
          <SelectField<number | null>
            name="defaultCategoryId"
            label={label('defaultCategoryId')}
            description={t('sources.form.defaultCategoryHint')}
            options={categories}
            placeholder={t('sources.form.noCategory')}
            parse={parseId}
          />
          <CheckboxField
            name="publishAtOnce"
            label={label('publishAtOnce')}
            description={t('sources.form.publishHint')}
          />
        </Stack>
      </Fieldset>
      <ImportSourceMapping categories={categories} />
      <Fieldset legend={t('sources.form.credit')}>
        <Stack>
          <TextField name="licence" label={label('licence')} description={t('sources.form.licenceHint')} />
          <TextareaField
            name="attribution"
            label={label('attribution')}
            description={t('sources.form.attributionHint')}
            minRows={2}
          />
        </Stack>
      </Fieldset>
      <Group>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {mode === 'create' ? t('sources.form.create') : t('sources.form.save')}
        </Button>
      </Group>
    </ContractFormView>
  );
}
