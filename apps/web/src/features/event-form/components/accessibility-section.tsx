/**
 * The event form's accessibility fieldset (issue 24): the step-free entrance as a radio group (not said, yes,
 * partly, no), one checkbox per feature, and a note in each language. Every control has its visible label.
 */
import { ACCESS_FEATURES, type AccessFeature, STEP_FREE_VALUES } from '@evmap/contract/access-features';
import { Checkbox, SimpleGrid } from '@mantine/core';
import { AccessIcon } from '@/components/accessibility-list';
import { useTranslation } from '@/i18n/use-translation';
import { RadioGroupField, TextareaField } from '@/lib/form/fields';
import { useFormField } from '@/lib/form/use-form-field';

/** One checkbox per feature, bound to the form's list of ticked features. */
function FeatureCheckboxes({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { field, error } = useFormField('accessibility.features', t('eventForm.access.features'));
  const ticked = (field.value ?? []) as AccessFeature[];
  return (
    <Checkbox.Group
      label={t('eventForm.access.features')}
      value={ticked}
      onChange={(value) => field.onChange(ACCESS_FEATURES.filter((feature) => value.includes(feature)))}
      error={error}
      readOnly={disabled || field.disabled}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={6}>
        {ACCESS_FEATURES.map((feature, index) => (
          <Checkbox
            key={feature}
            value={feature}
            label={
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                <AccessIcon name={feature} size={18} />
                {t(`access.features.${feature}`)}
              </span>
            }
            disabled={disabled || field.disabled}
            onBlur={field.onBlur}
            ref={index === 0 ? field.ref : undefined}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

export function AccessibilitySection({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <RadioGroupField
        name="accessibility.stepFree"
        label={t('eventForm.access.stepFree')}
        description={t('eventForm.access.stepFreeHint')}
        disabled={disabled}
        options={(['unknown', ...STEP_FREE_VALUES] as const).map((value) => ({
          value,
          label: t(`eventForm.access.stepFreeChoices.${value}`),
        }))}
      />
      <FeatureCheckboxes disabled={disabled} />
      <TextareaField
        name="accessibility.noteFr"
        label={t('eventForm.access.noteFr')}
        description={t('eventForm.access.noteHint')}
        disabled={disabled}
      />
      <TextareaField
        name="accessibility.noteEn"
        label={t('eventForm.access.noteEn')}
        description={t('eventForm.access.noteHint')}
        disabled={disabled}
      />
    </>
  );
}
