import { Fieldset, SimpleGrid, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { localeOf } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { SelectField } from '@/lib/form/fields';
import { TRIAL_DAYS, trialYears } from '../utils/admin-user-form-schema';

/**
 * The trial end as three native selects (spec section 9): year from the current one to nine years later,
 * month by name, day 1 to 31 (a day the month lacks is refused on submit). Each may be left empty: no end.
 */
export function AdminUserTrialEnd({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { getValues } = useFormContext();
  // An existing end in a year the picker no longer offers stays listed, so the field shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the years are fixed when the form opens
  const years = useMemo(() => trialYears(now, getValues('trialYear') || undefined), []);
  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(localeOf(lang), { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => ({
      value: String(i + 1),
      label: format.format(new Date(Date.UTC(2000, i, 1))),
    }));
  }, [lang]);
  const none = t('adminUserForm.noChoice');

  return (
    <Fieldset legend={t('adminUserForm.trialEnd')} variant="unstyled">
      <SimpleGrid cols={3} spacing="xs">
        <SelectField
          name="trialYear"
          placeholder={none}
          options={years.map((year) => ({ value: year, label: year }))}
        />
        <SelectField name="trialMonth" placeholder={none} options={months} />
        <SelectField
          name="trialDay"
          placeholder={none}
          options={TRIAL_DAYS.map((day) => ({ value: String(day), label: String(day) }))}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4}>
        {t('adminUserForm.trialEndHint')}
      </Text>
    </Fieldset>
  );
}
