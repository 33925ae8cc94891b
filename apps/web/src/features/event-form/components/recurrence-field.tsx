/**
 * The recurrence select of the event form's dates (spec sections 4 and 9). Choosing a recurrence
 * regenerates the date list from the first date; here it is applied only when it is chosen: at once
 * with the mouse or a touch, but with the keyboard (arrow keys change a closed native select option by
 * option) only on Enter or when the select is left, so arrowing through "Every day" does not make
 * 9 dates on the way to "Every week". What will change is said while a choice waits, and what changed is
 * said after, with an Undo that puts the dates and the recurrence back.
 */
import { RECURRING } from '@evmap/contract/constants';
import type { Recurring } from '@evmap/contract/enums';
import { Alert, Button, Group, NativeSelect, Text } from '@mantine/core';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useFormField } from '@/lib/form/use-form-field';
import { regenerate } from '../utils/date-rules';
import type { DateFormValue } from '../utils/event-form-values';

/** Keys that move a closed native select from option to option. */
const BROWSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/** The last applied recurrence, to say what changed and to undo it. */
type Applied = { recurring: Recurring; previousRecurring: Recurring; previousDates: DateFormValue[]; count: number };

export type RecurrenceFieldProps = {
  description: string;
  disabled?: boolean;
  /** The form's current dates. */
  getDates: () => DateFormValue[];
  /** Writes a regenerated list over the dates (keeping the focus where it is). */
  applyDates: (dates: DateFormValue[]) => void;
  /** Puts a list back as it was (an undo). */
  restoreDates: (dates: DateFormValue[]) => void;
};

/** The recurrence select, its pending choice and its Undo. */
export function RecurrenceField({ description, disabled, getDates, applyDates, restoreDates }: RecurrenceFieldProps) {
  const { t } = useTranslation();
  const { field, label, error } = useFormField('recurring');
  const current = (field.value ?? 'none') as Recurring;
  const [pending, setPending] = useState<Recurring | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const browsing = useRef(false);
  const select = useRef<HTMLSelectElement | null>(null);
  const statusId = useId();

  const apply = (chosen: Recurring) => {
    setPending(null);
    if (chosen === current) return;
    const previousDates = getDates().map((date) => ({ ...date }));
    const next = regenerate(previousDates, chosen);
    field.onChange(chosen);
    applyDates(next);
    const changed = JSON.stringify(next) !== JSON.stringify(previousDates);
    setApplied(changed ? { recurring: chosen, previousRecurring: current, previousDates, count: next.length } : null);
  };

  const undo = () => {
    if (!applied) return;
    field.onChange(applied.previousRecurring);
    restoreDates(applied.previousDates);
    setApplied(null);
    select.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (BROWSING_KEYS.has(event.key)) browsing.current = true;
    else if (event.key === 'Enter' && pending) {
      event.preventDefault();
      apply(pending);
    } else if (event.key === 'Escape' && pending) {
      setPending(null);
    }
  };

  const shown = pending ?? current;
  const pendingCount = pending && pending !== 'none' ? regenerate(getDates(), pending).length : 0;
  const name = (value: Recurring) => t(`eventDates.recurrence.${value}`);

  return (
    <>
      <NativeSelect
        ref={(element) => {
          select.current = element;
          field.ref(element);
        }}
        name={field.name}
        label={label}
        description={description}
        error={error}
        value={shown}
        data={RECURRING.map((value) => ({ value, label: name(value) }))}
        disabled={disabled || field.disabled}
        aria-describedby={pending ? statusId : undefined}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          const chosen = event.currentTarget.value as Recurring;
          if (browsing.current) {
            // Arrowing through the options: only said, applied on Enter or on leaving the select.
            browsing.current = false;
            setPending(chosen === current ? null : chosen);
          } else apply(chosen);
        }}
        onBlur={() => {
          browsing.current = false;
          if (pending) apply(pending);
          field.onBlur();
        }}
      />
      <div id={statusId} aria-live="polite">
        {pending && (
          <Text size="sm">
            {pending === 'none'
              ? t('eventDates.pendingNone')
              : t('eventDates.pending', { recurrence: name(pending), count: pendingCount })}
          </Text>
        )}
        {!pending && applied && (
          <Alert color="blue" variant="light" p="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                {t('eventDates.applied', {
                  recurrence: name(applied.recurring),
                  count: applied.count,
                  previous: applied.previousDates.length,
                })}
              </Text>
              <Button size="compact-sm" variant="default" onClick={undo}>
                {t('eventDates.undo')}
              </Button>
            </Group>
          </Alert>
        )}
      </div>
    </>
  );
}
