/**
 * The event form of spec section 3, built once for the owner and the administrator: titles and
 * descriptions in both languages, category, images (the first is the cover), place, dates and
 * recurrence, price, phone, website and reservation link. The page around it says how the values
 * are saved (`save`) and what is asked before (`beforeSave`: the publishing confirmation).
 */
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { ContractFormView } from '@/lib/form/contract-form';
import { PhoneField, SelectField, TextareaField, TextField } from '@/lib/form/fields';
import { ImageUploadField } from '@/lib/form/image-upload-field';
import { useContractForm } from '@/lib/form/use-contract-form';
import { useGlobals } from '@/lib/get-globals';
import { type EventBodyKind, eventFormSchema, eventServerField } from '../utils/event-form-schema';
import type { EventFormValues } from '../utils/event-form-values';
import { DatesSection } from './dates-section';
import { PlaceSection } from './place-section';

/** The event body the form sends (the contract's output for `kind`). */
export type EventFormBody = ReturnType<ReturnType<typeof eventFormSchema>['parse']>;

export type EventFormProps = {
  kind: EventBodyKind;
  initialValues: EventFormValues;
  /** Every field read-only (a past or inactive event for its owner). */
  disabled?: boolean;
  recurrenceAllowed: boolean;
  submitLabel: string;
  /** Asked before saving; false cancels quietly. */
  beforeSave?: () => Promise<boolean>;
  /** Sends the body; its failure's messages go on the fields and the form. */
  save: (body: EventFormBody) => Promise<unknown>;
  onSaved?: () => void;
  /** Shown under the form message for some messages (a link to the plans page). */
  messageAction?: (message: string) => ReactNode;
  /** Extra fields above the others (the administrator's active flag and creator). */
  adminFields?: ReactNode;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-label={title}>
      <Stack>
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The event form. */
export function EventForm(props: EventFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const categories = useGlobals().data?.categories ?? [];
  const mode = props.kind === 'owner' ? 'owner' : 'admin';
  const { form, onSubmit, formMessage } = useContractForm({
    schema: eventFormSchema(props.kind),
    defaultValues: props.initialValues,
    disabled: props.disabled,
    serverField: eventServerField,
    submit: async (body) => {
      if (props.beforeSave && !(await props.beforeSave())) return false;
      await props.save(body as EventFormBody);
      return true;
    },
    onSuccess: (saved) => {
      if (saved) props.onSaved?.();
    },
  });
  const { isSubmitting } = form.formState;

  return (
    <ContractFormView
      form={form}
      onSubmit={onSubmit}
      formMessage={formMessage}
      messageAction={formMessage ? props.messageAction?.(formMessage) : undefined}
      label={t('eventForm.formLabel')}
    >
      {props.adminFields}
      <Section title={t('eventForm.sections.about')}>
        <TextField name="titleFr" required />
        <TextField name="titleEn" />
        <TextareaField name="descriptionFr" />
        <TextareaField name="descriptionEn" />
        <SelectField<number | null>
          name="categoryId"
          placeholder={t('eventForm.noCategory')}
          required={props.kind === 'admin-edit'}
          options={categories.map((c) => ({ value: String(c.id), label: lang === 'fr' ? c.titleFr : c.titleEn }))}
          parse={(value) => (value === '' ? null : Number(value))}
        />
      </Section>
      <Section title={t('eventForm.sections.images')}>
        <ImageUploadField name="images" folder="events" multiple max={10} disabled={props.disabled} />
      </Section>
      <Section title={t('eventForm.sections.place')}>
        <PlaceSection mode={mode} disabled={props.disabled} />
      </Section>
      <Section title={t('eventForm.sections.dates')}>
        <DatesSection disabled={props.disabled} recurrenceAllowed={props.recurrenceAllowed} />
      </Section>
      <Section title={t('eventForm.sections.details')}>
        <TextField name="price" description={t('eventForm.priceHint')} />
        <PhoneField name="phoneNumber" />
        <TextField name="website" type="url" autoComplete="url" />
        <TextField name="externalLink" type="url" />
      </Section>
      {!props.disabled && (
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} size="md">
            {props.submitLabel}
          </Button>
        </Group>
      )}
    </ContractFormView>
  );
}
