// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render';
import { pickerDays } from '../utils/days';
import { DayPicker } from './day-picker';
import { PickerBar } from './picker-bar';

describe('day picker', () => {
  it.each([
    ['en', 'Day', 'Today'],
    ['fr', 'Jour', 'Aujourd’hui'],
  ] as const)('offers "now", then each weekday initial over its day of the month (%s)', async (lang, group, today) => {
    await renderUi(<DayPicker />, { lang });
    const days = pickerDays();
    const [now, ...labels] = screen.getByRole('radiogroup', { name: group }).querySelectorAll('label');
    expect(labels).toHaveLength(7);
    expect(now?.getAttribute('data-tooltip')).toMatch(
      lang === 'en' ? /^Now: in progress/ : /^Maintenant\u202f: en cours/,
    );
    labels.forEach((label, i) => {
      // Visible text: the initial then the day of the month; the name (for screen readers) is the full date.
      expect(label.querySelector('[aria-hidden="true"]')?.textContent).toMatch(
        new RegExp(`^\\p{Lu}${days[i]!.getDate()}$`, 'u'),
      );
    });
    expect(screen.getByRole('radio', { name: today })).toBeTruthy();
  });
});

describe('picker bar', () => {
  const options = [
    { value: 'all', name: 'All categories', content: 'A' },
    { value: '3', name: 'Culture', content: 'C' },
  ];

  it('writes the chosen option in words above the bar, and follows the choice', async () => {
    let value = 'all';
    const { user, rerender } = await renderUi(
      <PickerBar
        label="Category"
        options={options}
        value={value}
        onChange={(v) => (value = v)}
        tooltips="above"
        showChosen
      />,
    );
    const chosen = () => document.querySelector('[data-picker-chosen]')?.textContent;
    expect(chosen()).toBe('All categories');
    await user.click(screen.getByText('Culture', { selector: 'span' }));
    expect(value).toBe('3');
    rerender(
      <PickerBar
        label="Category"
        options={options}
        value={value}
        onChange={(v) => (value = v)}
        tooltips="above"
        showChosen
      />,
    );
    expect(chosen()).toBe('Culture');
    // Not a second name for assistive technology: the checked radio says it.
    expect(screen.getByRole('radio', { name: 'Culture' })).toHaveProperty('checked', true);
  });
});
