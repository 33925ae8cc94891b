/**
 * The dates of the event form (spec sections 4, 5 and 9): a list of dates, each a group of four fields,
 * repaired after every change by the rules of date-rules.ts, and the recurrence that regenerates the
 * list from the first date.
 */
import type { Recurring } from '@evmap/contract/enums';
import { Anchor, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { DateField, TimeField } from '@/lib/form/fields';
import { errorText } from '@/lib/form-errors';
import { PATHS } from '@/lib/paths';
import {
  afterEndChange,
  afterStartChange,
  endDayBounds,
  endTimeMin,
  isValidDate,
  nextDate,
  regenerate,
  startDayMin,
} from '../utils/date-rules';
import type { DateFormValue, EventFormValues } from '../utils/event-form-values';
import { RecurrenceField } from './recurrence-field';

const DATE_KEYS = ['startDay', 'startTime', 'endDay', 'endTime'] as const;
const DATE_FIELD = /^dates\.(\d+)\.(startDay|startTime|endDay|endTime)$/;

/** One date: its four fields in a group named "Date n", and its remove button. */
function DateGroup({
  index,
  today,
  removable,
  disabled,
  onRemove,
}: {
  index: number;
  today: string;
  removable: boolean;
  disabled?: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues>();
  const date = useWatch({ control, name: `dates.${index}` });
  const bounds = endDayBounds(date);
  const number = index + 1;

  return (
    <Fieldset legend={t('eventDates.legend', { number })}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateField name={`dates.${index}.startDay`} min={today} required disabled={disabled} />
          <TimeField name={`dates.${index}.startTime`} required disabled={disabled} />
          <DateField name={`dates.${index}.endDay`} min={bounds.min} max={bounds.max} required disabled={disabled} />
          <TimeField name={`dates.${index}.endTime`} min={endTimeMin(date)} required disabled={disabled} />
        </SimpleGrid>
        {removable && (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove} disabled={disabled}>
              {t('eventDates.remove', { number })}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

/**
 * The dates section of the event form, inside its ContractFormView: the date list (add, remove, each date
 * kept valid as it is edited) and, when the plan allows it (not the unit plan, spec section 9), the
 * recurrence select. Choosing a recurrence regenerates the list from the first date, and so does any
 * later change of the first date while a recurrence is chosen.
 */
export function DatesSection({
  disabled,
  recurrenceAllowed,
  maxDates,
}: {
  disabled?: boolean;
  recurrenceAllowed: boolean;
  /** The plan's most dates (the unit plan's): the add button stops there and says why. */
  maxDates?: number;
}) {
  const { t } = useTranslation();
  const { control, getValues, setValue, getFieldState, trigger, watch } = useFormContext<EventFormValues>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'dates' });
  const { errors } = useFormState({ control, name: 'dates' });
  const recurring = useWatch({ control, name: 'recurring' });
  const firstStartDay = useWatch({ control, name: 'dates.0.startDay' });
  const addButton = useRef<HTMLButtonElement>(null);
  const today = useMemo(() => startDayMin(new Date()), []);

  /** Writes `next` over the list, field by field, so the control being used keeps its focus. */
  const applyDates = useCallback(
    (next: DateFormValue[]) => {
      const current = getValues('dates');
      next.forEach((date, i) => {
        if (i >= current.length) return;
        for (const key of DATE_KEYS) {
          if (current[i]?.[key] !== date[key]) setValue(`dates.${i}.${key}`, date[key], { shouldDirty: true });
        }
        // Errors shown after a submit are checked again once the rules repaired the date.
        if (getFieldState(`dates.${i}`).invalid) void trigger(`dates.${i}`);
      });
      if (next.length > current.length) append(next.slice(current.length), { shouldFocus: false });
    },
    [getValues, setValue, getFieldState, trigger, append],
  );

  useEffect(() => {
    // Each date as it last broke no rule: the rules move a date by whole days from it, so the in-between
    // values a browser reports while a year is typed (0002, 0020, 0202…) do not lose its length.
    const snapshot = (kept: DateFormValue[] = []) => {
      const dates = getValues('dates');
      const sameList = kept.length === dates.length;
      return dates.map((date, i) => (sameList && !isValidDate(date) && kept[i] ? kept[i] : { ...date }));
    };
    let before = snapshot();
    const onUserChange = (name: string, chosen: Recurring) => {
      const match = DATE_FIELD.exec(name);
      const index = Number(match?.[1]);
      const dates = [...getValues('dates')];
      const date = dates[index];
      if (!match || !date) return;
      dates[index] = match[2]?.startsWith('start')
        ? afterStartChange(date, before[index])
        : afterEndChange(date, before[index]);
      // A first date being typed (a year digit by digit: 0002, 0020, 0202) regenerates nothing until it is a
      // whole date from today on.
      const settled = index === 0 && isValidDate(dates[0]) && (dates[0]?.startDay ?? '') >= today;
      applyDates(settled ? regenerate(dates, chosen) : dates);
    };

    // Only the user's changes ('change' events) are repaired: the values set here come back without a type.
    // The recurrence applies itself (RecurrenceField), when it is chosen.
    const subscription = watch((values, { name, type }) => {
      if (type === 'change' && name && name !== 'recurring')
        onUserChange(name, (values.recurring ?? 'none') as Recurring);
      before = snapshot(before);
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, applyDates, today]);

  // An error on the list itself (no dates, for an administrator), rather than on one of its fields.
  const listError = errors.dates?.message ? errors.dates : errors.dates?.root;
  const atLimit = maxDates !== undefined && fields.length >= maxDates;
  const limitId = useId();
  const recurrenceDisabled = disabled || !firstStartDay;
  const recurrenceHint = !firstStartDay
    ? t('eventDates.recurrenceNeedsStart')
    : recurring && recurring !== 'none'
      ? t('eventDates.generated')
      : t('eventDates.recurrenceHint');

  return (
    <Stack>
      {recurrenceAllowed ? (
        <RecurrenceField
          description={recurrenceHint}
          disabled={recurrenceDisabled}
          getDates={() => getValues('dates')}
          applyDates={applyDates}
          restoreDates={(dates) => replace(dates)}
        />
      ) : (
        // Why there is no recurrence (the unit plan): said, with the way to the plan that has it.
        <Text size="sm" c="dimmed">
          {t('eventDates.recurrenceNotInUnit', { max: maxDates })}{' '}
          <Anchor component={Link} to={PATHS.plans} size="sm">
            {t('eventDates.comparePlans')}
          </Anchor>
        </Text>
      )}
      {fields.map((field, index) => (
        <DateGroup
          key={field.id}
          index={index}
          today={today}
          removable={fields.length > 1}
          disabled={disabled}
          onRemove={() => {
            remove(index);
            // The removed group held the focus: hand it to a control that stays.
            addButton.current?.focus();
          }}
        />
      ))}
      {listError?.message && (
        <Text c="red" size="sm" role="alert">
          {errorText(t, { type: listError.type, message: listError.message }, t('fields.dates'))}
        </Text>
      )}
      <Group>
        <Button
          ref={addButton}
          variant="light"
          onClick={() => append(nextDate(getValues('dates'), new Date()))}
          disabled={disabled || atLimit}
          aria-describedby={atLimit ? limitId : undefined}
        >
          {t('eventDates.add')}
        </Button>
        {atLimit && (
          <Text id={limitId} size="sm" c="dimmed">
            {t('unitDatesLimit', { ns: 'errors', max: maxDates })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
