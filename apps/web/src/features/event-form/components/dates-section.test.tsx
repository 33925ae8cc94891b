// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ContractFormView } from '@/lib/form/contract-form';
import { useContractForm } from '@/lib/form/use-contract-form';
import { renderUi } from '@/test/render';
import { addDays, defaultDate } from '../utils/date-rules';
import type { DateFormValue } from '../utils/event-form-values';
import { DatesSection } from './dates-section';

const schema = z.object({
  dates: z.array(z.object({ startDay: z.string(), startTime: z.string(), endDay: z.string(), endTime: z.string() })),
  recurring: z.enum(['none', 'daily', 'weekly', 'bi-weekly', 'monthly']),
});
type Values = z.output<typeof schema>;

// Days relative to today, so the start day's `min` (today) never makes the test dates past.
const day = (offset: number) => addDays(defaultDate(new Date()).startDay, offset);
const first = (): DateFormValue => ({ startDay: day(1), startTime: '10:00', endDay: day(1), endTime: '11:00' });

function TestForm({
  dates = [first()],
  recurrenceAllowed = true,
  submit = async () => ({}),
}: {
  dates?: DateFormValue[];
  recurrenceAllowed?: boolean;
  submit?: (values: Values) => Promise<unknown>;
}) {
  const { form, onSubmit, formMessage } = useContractForm({
    schema,
    defaultValues: { dates, recurring: 'none' },
    submit,
  });
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <DatesSection recurrenceAllowed={recurrenceAllowed} />
      <button type="submit">Save</button>
    </ContractFormView>
  );
}

const group = (n: number) => within(screen.getByRole('group', { name: `Date ${n}` }));
const input = (n: number, label: string) => group(n).getByLabelText(label, { exact: false }) as HTMLInputElement;
const select = (n: number, label: string) => group(n).getByLabelText(label, { exact: false }) as HTMLSelectElement;
const startDays = () =>
  screen
    .getAllByRole('group', { name: /^Date \d+$/ })
    .map((g) => (within(g).getByLabelText(/Start date/) as HTMLInputElement).value);

describe('DatesSection', () => {
  it('shows the default date with labelled fields and no remove button for the only date', async () => {
    const now = new Date();
    await renderUi(<TestForm dates={[defaultDate(now)]} />);
    const expected = defaultDate(now);
    expect(input(1, 'Start date').value).toBe(expected.startDay);
    expect(select(1, 'Start time').value).toBe(expected.startTime);
    expect(input(1, 'End date').value).toBe(expected.endDay);
    expect(select(1, 'End time').value).toBe(expected.endTime);
    expect(input(1, 'Start date').min).toBe(
      `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`,
    );
    expect(screen.queryByRole('button', { name: /Remove date/ })).toBeNull();
  });

  it('pushes the end to start + 15 minutes when the start time passes it', async () => {
    const { user } = await renderUi(<TestForm />);
    await user.selectOptions(select(1, 'Start time'), '14:00');
    expect(select(1, 'End time').value).toBe('14:15');
    expect(input(1, 'End date').value).toBe(day(1));
  });

  it('pushes the end past midnight for a start at 23:45, and limits the end days', async () => {
    const { user } = await renderUi(<TestForm />);
    expect(input(1, 'End date').min).toBe(day(1));
    expect(input(1, 'End date').max).toBe(day(2));
    await user.selectOptions(select(1, 'Start time'), '23:45');
    expect(input(1, 'End date').value).toBe(day(2));
    expect(select(1, 'End time').value).toBe('00:00');
    expect(input(1, 'End date').min).toBe(day(2));
  });

  it('moves the end with the start day, even while a year is typed digit by digit', async () => {
    await renderUi(<TestForm dates={[{ startDay: day(1), startTime: '22:00', endDay: day(2), endTime: '01:00' }]} />);
    fireEvent.change(input(1, 'Start date'), { target: { value: day(5) } });
    await waitFor(() => expect(input(1, 'End date').value).toBe(day(6)));
    expect(select(1, 'End time').value).toBe('01:00');

    const [, month, dayOfMonth] = day(5).split('-');
    for (const year of ['0002', '0020', '0203', '2031']) {
      fireEvent.change(input(1, 'Start date'), { target: { value: `${year}-${month}-${dayOfMonth}` } });
    }
    await waitFor(() => expect(input(1, 'Start date').value).toBe(`2031-${month}-${dayOfMonth}`));
    expect(input(1, 'End date').value).toBe(addDays(`2031-${month}-${dayOfMonth}`, 1));
    expect(select(1, 'End time').value).toBe('01:00');
  });

  it('offers end times from start + 15 minutes on the start day only', async () => {
    const { user } = await renderUi(<TestForm />);
    const times = () => [...select(1, 'End time').options].map((o) => o.value);
    expect(times()[0]).toBe('10:15');
    expect(times()).not.toContain('10:00');
    fireEvent.change(input(1, 'End date'), { target: { value: day(2) } });
    await waitFor(() => expect(times()[0]).toBe('00:00'));
    expect(times()).toHaveLength(96);
    await user.selectOptions(select(1, 'End time'), '09:00');
    expect(select(1, 'End time').value).toBe('09:00');
  });

  it('moves the start back when the end day is set before it', async () => {
    await renderUi(<TestForm dates={[{ startDay: day(3), startTime: '10:00', endDay: day(3), endTime: '11:00' }]} />);
    fireEvent.change(input(1, 'End date'), { target: { value: day(2) } });
    await waitFor(() => expect(input(1, 'Start date').value).toBe(day(2)));
    expect(select(1, 'Start time').value).toBe('10:00');
  });

  it('regenerates 4 weekly dates from the first one, and again when the first date changes', async () => {
    const { user } = await renderUi(<TestForm />);
    await user.selectOptions(screen.getByLabelText('Recurrence'), 'weekly');
    expect(screen.getAllByRole('group', { name: /^Date \d+$/ })).toHaveLength(4);
    expect(startDays()).toEqual([day(1), day(8), day(15), day(22)]);
    expect(select(4, 'Start time').value).toBe('10:00');
    expect(screen.getByText(/generated from the first date/)).toBeTruthy();

    await user.selectOptions(select(1, 'Start time'), '18:30');
    expect(select(3, 'Start time').value).toBe('18:30');
    expect(select(3, 'End time').value).toBe('18:45');
    fireEvent.change(input(1, 'Start date'), { target: { value: day(2) } });
    await waitFor(() => expect(startDays()).toEqual([day(2), day(9), day(16), day(23)]));
    // The first date changed with its own rules: its end, pushed earlier, was repaired first.
    expect(input(1, 'End date').value).toBe(day(2));
  });

  it('makes 9 daily dates', async () => {
    const { user } = await renderUi(<TestForm />);
    await user.selectOptions(screen.getByLabelText('Recurrence'), 'daily');
    expect(startDays()).toEqual(Array.from({ length: 9 }, (_, i) => day(1 + i)));
  });

  it('disables the recurrence without a start day, and hides it when the plan does not allow it', async () => {
    const { unmount } = await renderUi(
      <TestForm dates={[{ startDay: '', startTime: '10:00', endDay: '', endTime: '11:00' }]} />,
    );
    expect((screen.getByLabelText('Recurrence') as HTMLSelectElement).disabled).toBe(true);
    unmount();
    await renderUi(<TestForm recurrenceAllowed={false} />);
    expect(screen.queryByLabelText('Recurrence')).toBeNull();
  });

  it('adds the last date one day later, and removes a date by its number', async () => {
    const { user } = await renderUi(<TestForm />);
    await user.click(screen.getByRole('button', { name: 'Add a date' }));
    await user.click(screen.getByRole('button', { name: 'Add a date' }));
    expect(startDays()).toEqual([day(1), day(2), day(3)]);
    expect(select(3, 'End time').value).toBe('11:00');
    await user.click(screen.getByRole('button', { name: 'Remove date 2' }));
    expect(startDays()).toEqual([day(1), day(3)]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a date' }));
    await user.click(screen.getByRole('button', { name: 'Remove date 1' }));
    expect(startDays()).toEqual([day(3)]);
    expect(screen.queryByRole('button', { name: /Remove date/ })).toBeNull();
  });

  it('submits the edited dates', async () => {
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<TestForm submit={submit} />);
    await user.selectOptions(select(1, 'Start time'), '12:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({
        dates: [{ startDay: day(1), startTime: '12:00', endDay: day(1), endTime: '12:15' }],
        recurring: 'none',
      }),
    );
  });

  it('is labelled in French', async () => {
    const { user } = await renderUi(<TestForm />, { lang: 'fr' });
    expect(within(screen.getByRole('group', { name: 'Date 1' })).getByLabelText(/Heure de fin/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Récurrence'), 'bi-weekly');
    expect(screen.getByRole('option', { name: 'Aux deux semaines' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retirer la date 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter une date' })).toBeTruthy();
  });

  describe('recurrence (issue 27, item 3)', () => {
    const recurrence = () => screen.getByLabelText('Recurrence') as HTMLSelectElement;
    /** What a closed native select does on an arrow key: the next option, and a change event. */
    const arrowTo = (value: string) => {
      fireEvent.keyDown(recurrence(), { key: 'ArrowDown' });
      fireEvent.change(recurrence(), { target: { value } });
    };

    it('says what a recurrence will replace, then lets the user undo it', async () => {
      const second = { startDay: day(3), startTime: '14:00', endDay: day(3), endTime: '15:00' };
      const { user } = await renderUi(<TestForm dates={[first(), second]} />);
      await user.selectOptions(recurrence(), 'weekly');
      expect(startDays()).toEqual([day(1), day(8), day(15), day(22)]);
      expect(screen.getByText(/Every week: the dates were replaced by 4 dates .*\(there were 2\)/)).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Undo' }));
      expect(startDays()).toEqual([day(1), day(3)]);
      expect(select(2, 'Start time').value).toBe('14:00');
      expect(recurrence().value).toBe('none');
      expect(document.activeElement).toBe(recurrence());
      expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    });

    it('with the keyboard, applies only the option chosen with Enter, not those arrowed through', async () => {
      await renderUi(<TestForm />);
      recurrence().focus();
      arrowTo('daily');
      // Only said: nothing generated yet.
      expect(startDays()).toEqual([day(1)]);
      expect(screen.getByText(/Every day: the dates will be replaced by 9 dates/)).toBeTruthy();
      arrowTo('weekly');
      expect(startDays()).toEqual([day(1)]);
      expect(screen.getByText(/Every week: the dates will be replaced by 4 dates/)).toBeTruthy();

      fireEvent.keyDown(recurrence(), { key: 'Enter' });
      // Four weekly dates, not the nine of "Every day" passed on the way.
      await waitFor(() => expect(startDays()).toEqual([day(1), day(8), day(15), day(22)]));
      expect(recurrence().value).toBe('weekly');
    });

    it('with the keyboard, applies the option arrowed to when the select is left, and Escape keeps the dates', async () => {
      await renderUi(<TestForm />);
      recurrence().focus();
      arrowTo('daily');
      fireEvent.keyDown(recurrence(), { key: 'Escape' });
      expect(recurrence().value).toBe('none');
      arrowTo('monthly');
      fireEvent.blur(recurrence());
      await waitFor(() => expect(startDays()).toHaveLength(4));
      expect(recurrence().value).toBe('monthly');
    });

    it('does not regenerate the dates while the year of the first date is typed digit by digit', async () => {
      const errors = vi.spyOn(console, 'error');
      const warnings = vi.spyOn(console, 'warn');
      const { user } = await renderUi(<TestForm />);
      await user.selectOptions(recurrence(), 'weekly');
      const [, month, dayOfMonth] = day(1).split('-');
      const seen: string[][] = [];
      for (const year of ['0002', '0020', '0203']) {
        fireEvent.change(input(1, 'Start date'), { target: { value: `${year}-${month}-${dayOfMonth}` } });
        seen.push(startDays().slice(1));
      }
      // The other dates stay as they were while the year is incomplete…
      for (const others of seen) expect(others).toEqual([day(8), day(15), day(22)]);
      // …and follow the first date once it is whole.
      fireEvent.change(input(1, 'Start date'), { target: { value: `2031-${month}-${dayOfMonth}` } });
      await waitFor(() => expect(startDays()[1]).toBe(addDays(`2031-${month}-${dayOfMonth}`, 7)));
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).not.toHaveBeenCalled();
      errors.mockRestore();
      warnings.mockRestore();
    });
  });
});
