import type { Lang } from '@evmap/contract/enums';
import { describe, expect, it } from 'vitest';
import { longDay, weekdayInitial } from './day-names';

const LOCALES: Record<Lang, string> = { en: 'en-CA', fr: 'fr-CA' };

describe('the day picker’s names of days', () => {
  it.each(['en', 'fr'] as const)('are those Intl gives in %s for every day of a year', (lang) => {
    const initial = new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'narrow' });
    const full = new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'long', month: 'long', day: 'numeric' });
    for (let day = 0; day < 366; day++) {
      const date = new Date(2028, 0, 1 + day, 12);
      expect(weekdayInitial(date, lang)).toBe(initial.format(date).toUpperCase());
      expect(longDay(date, lang)).toBe(full.format(date));
    }
  });

  it('writes a day as a reader of each language expects', () => {
    const date = new Date(2026, 10, 30, 12);
    expect(longDay(date, 'en')).toBe('Monday, November 30');
    expect(longDay(date, 'fr')).toBe('lundi 30 novembre');
    expect(weekdayInitial(date, 'en')).toBe('M');
    expect(weekdayInitial(date, 'fr')).toBe('L');
  });
});
