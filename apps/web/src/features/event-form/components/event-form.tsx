/**
 * The event form of spec section 3, built once for the owner and the administrator: titles and
 * descriptions in both languages, category, images (the first is the cover), place, dates and
 * recurrence, price, phone, website and reservation link. The page around it says how the values
 * are saved (`save`) and what is asked before (`beforeSave`: the publishing confirmation).
 */
import { Anchor, Button, Group, List, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useId, useRef } from 'react';
import { Spinner } from '@/components/spinner';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { ContractFormView } from '@/lib/form/contract-form';
import { PhoneField, SelectField, TextareaField, TextField } from '@/lib/form/fields';
import { ImageUploadField } from '@/lib/form/image-upload-field';
import { useContractForm } from '@/lib/form/use-contract-form';
import { useUnsavedChanges } from '@/lib/form/use-unsaved-changes';
import { useGlobals } from '@/lib/get-globals';
import { type EventBodyKind, eventServerField } from '../utils/event-form-body';
import type { eventFormSchema } from '../utils/event-form-schema';
import type { EventFormValues } from '../utils/event-form-values';
import { AccessibilitySection } from './accessibility-section';
import { DatesSection } from './dates-section';
import { MapReadiness } from './map-readiness';
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
  /** Asked before saving the body; false cancels quietly. */
  beforeSave?: (body: EventFormBody) => Promise<boolean>;
  /** The most dates the plan allows (the unit plan's); no more can be added. */
  maxDates?: number;
  /** Sends the body; its failure's messages go on the fields and the form. */
  save: (body: EventFormBody) => Promise<unknown>;
  onSaved?: () => void;
  /** Shown under the form message for some messages (a link to the plans page). */
  messageAction?: (message: string) => ReactNode;
  /** Extra fields above the others (the administrator's active flag and creator). */
  adminFields?: ReactNode;
  /** Called with the values after each change the user makes (to keep a draft). */
  onValuesChange?: (values: EventFormValues) => void;
  /** What the question asked before leaving with unsaved changes says (the changes are lost, by default). */
  leaveMessage?: string;
};

/** The form's sections, in order: each one's key in `eventForm.sections`. */
const SECTIONS = ['about', 'images', 'place', 'dates', 'accessibility', 'details'] as const;
type SectionKey = (typeof SECTIONS)[number];

/** Focuses a section's heading (and scrolls to it) without changing the URL, whose hash opens dialogs. */
function goToSection(id: string) {
  const heading = document.getElementById(id);
  heading?.focus();
  heading?.scrollIntoView?.({ block: 'start' });
}

/** "Go to a section": links to the form's sections, so the keyboard skips the fields between. */
function SectionLinks({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const labelId = `${prefix}-links`;
  return (
    <nav aria-labelledby={labelId}>
      <Title order={2} size="sm" fw={600} id={labelId}>
        {t('eventForm.sectionLinks')}
      </Title>
      <List size="sm" listStyleType="none" spacing={2} mt={4} style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        {SECTIONS.map((key) => (
          <List.Item key={key}>
            <Anchor
              href={`#${prefix}-${key}`}
              onClick={(event) => {
                event.preventDefault();
                goToSection(`${prefix}-${key}`);
              }}
            >
              {t(`eventForm.sections.${key}`)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </nav>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={id}>
      <Stack>
        <Title order={2} size="h4" id={id} tabIndex={-1} style={{ scrollMarginTop: 16 }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The form in `kind`'s mode, from `initialValues`; a submit goes through `beforeSave`, then `save`. */
export function EventForm(props: EventFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const categories = useGlobals().data?.categories ?? [];
  const mode = props.kind === 'owner' ? 'owner' : 'admin';
  const prefix = `event-form-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const sectionId = (key: SectionKey) => `${prefix}-${key}`;
  // The unsaved-changes guard's release, called when a save succeeds (the guard needs the form first).
  const release = useRef(() => {});
  // The schema (zod and the contract's body schemas) loads with the first check, or at the form's first focus.
  const { kind } = props;
  const loadSchema = useCallback(
    () => import('../utils/event-form-schema').then((module) => module.eventFormSchema(kind)),
    [kind],
  );
  const { form, onSubmit, formMessage, warmValidation } = useContractForm({
    loadSchema,
    defaultValues: props.initialValues,
    disabled: props.disabled,
    serverField: eventServerField,
    submit: async (body) => {
      if (props.beforeSave && !(await props.beforeSave(body as EventFormBody))) return false;
      await props.save(body as EventFormBody);
      return true;
    },
    onSuccess: (saved) => {
      if (!saved) return;
      // What is saved is the form's new starting point: nothing left to ask about when leaving.
      release.current();
      form.reset(form.getValues());
      props.onSaved?.();
    },
  });
  const { isSubmitting, isDirty, isReady } = form.formState;
  // react-hook-form marks the form ready in a layout effect as it mounts, which renders the whole form again, at once
  // (a render that cannot be cut: 220 ms of a 490 ms task at a 4× slowed CPU). The fields are rendered once it is
  // ready, in a deferred render that React cuts into short tasks; a loader until then.
  const fieldsShown = useDeferredValue(isReady);
  const unsaved = useUnsavedChanges(isDirty && !props.disabled, props.leaveMessage);
  release.current = unsaved.release;

  const { onValuesChange } = props;
  useEffect(() => {
    if (!onValuesChange) return;
    const subscription = form.watch((_values, { type }) => {
      // Only what the user changes (and what the rules repaired after it) is kept, not the form's own resets.
      if (type === 'change' || form.formState.isDirty) onValuesChange(form.getValues() as EventFormValues);
    });
    return () => subscription.unsubscribe();
  }, [form, onValuesChange]);

  return (
    <ContractFormView
      form={form}
      onSubmit={onSubmit}
      formMessage={formMessage}
      messageAction={formMessage ? props.messageAction?.(formMessage) : undefined}
      label={t('eventForm.formLabel')}
      focusMessage
      onFocus={warmValidation}
    >
      {fieldsShown ? (
        <>
          <SectionLinks prefix={prefix} />
          {props.adminFields}
          <Section id={sectionId('about')} title={t('eventForm.sections.about')}>
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
          <Section id={sectionId('images')} title={t('eventForm.sections.images')}>
            <ImageUploadField name="images" folder="events" multiple max={10} disabled={props.disabled} />
          </Section>
          <Section id={sectionId('place')} title={t('eventForm.sections.place')}>
            <PlaceSection mode={mode} disabled={props.disabled} />
          </Section>
          <Section id={sectionId('dates')} title={t('eventForm.sections.dates')}>
            <DatesSection
              disabled={props.disabled}
              recurrenceAllowed={props.recurrenceAllowed}
              maxDates={props.maxDates}
            />
          </Section>
          <Section id={sectionId('accessibility')} title={t('eventForm.sections.accessibility')}>
            <AccessibilitySection disabled={props.disabled} />
          </Section>
          <Section id={sectionId('details')} title={t('eventForm.sections.details')}>
            <TextField name="price" description={t('eventForm.priceHint')} />
            <PhoneField name="phoneNumber" />
            <TextField name="website" type="url" autoComplete="url" />
            <TextField name="externalLink" type="url" />
          </Section>
          {!props.disabled && <MapReadiness />}
          {!props.disabled && (
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting} size="md">
                {props.submitLabel}
              </Button>
            </Group>
          )}
        </>
      ) : (
        <Spinner />
      )}
      {unsaved.dialog}
    </ContractFormView>
  );
}
