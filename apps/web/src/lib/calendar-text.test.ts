import type { Lang } from '@evmap/contract/enums';
import { describe, expect, it } from 'vitest';
import { localParts, wallClockParts, weekdayInitial, writeDay } from './calendar-text';
import { typesetDate } from './date-typography';
import { formatDate } from './dates';
import { formatWallClock } from './event-dates-display';

const LOCALES: Record<Lang, string> = { en: 'en-CA', fr: 'fr-CA' };
const LANGS = ['en', 'fr'] as const;
const TIMES = ['00:00', '00:05', '07:30', '11:59', '12:00', '12:05', '19:05', '23:59'];

/** Every day of a leap year, as `YYYY-MM-DD`. */
const DAYS = Array.from({ length: 366 }, (_, i) => new Date(Date.UTC(2028, 0, 1 + i)).toISOString().slice(0, 10));

/**
 * What `Intl` writes, typeset as the app did before the texts were written out. ICU's versions differ in the space
 * before "a.m." (a narrow no-break space in ICU 72 to 77, a space that the typesetting makes no-break in 78): both
 * keep the time on one line; the app writes a no-break space.
 */
const byIntl = (lang: Lang, options: Intl.DateTimeFormatOptions, date: Date) =>
  typesetDate(new Intl.DateTimeFormat(LOCALES[lang], options), date).replace(/\u202f/g, '\u00a0');

describe('dates and times written out', () => {
  it.each(LANGS)('write an event’s wall-clock times as Intl does in %s, every day of a year', (lang) => {
    for (const length of ['long', 'short'] as const) {
      const options: Intl.DateTimeFormatOptions = {
        timeZone: 'UTC',
        weekday: length,
        year: 'numeric',
        month: length,
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      };
      for (const [i, day] of DAYS.entries()) {
        const time = TIMES[i % TIMES.length];
        const value = `${day} ${time}:00`;
        const date = new Date(`${day}T${time}:00Z`);
        expect(formatWallClock(value, LOCALES[lang].toLowerCase(), true, length)).toBe(byIntl(lang, options, date));
      }
    }
    for (const time of TIMES) {
      const date = new Date(`2028-03-01T${time}:00Z`);
      expect(formatWallClock(`2028-03-01 ${time}:00`, LOCALES[lang], false)).toBe(
        byIntl(lang, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }, date),
      );
    }
  });

  it.each(LANGS)('write the usual date formats of an instant as Intl does in %s', (lang) => {
    const formats: Intl.DateTimeFormatOptions[] = [
      { dateStyle: 'long' },
      { dateStyle: 'medium' },
      { dateStyle: 'long', timeStyle: 'short' },
    ];
    for (const options of formats) {
      for (const [i, day] of DAYS.entries()) {
        const [hour, minute] = (TIMES[i % TIMES.length] as string).split(':').map(Number) as [number, number];
        const date = new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8)), hour, minute);
        expect(formatDate(date, lang, options)).toBe(byIntl(lang, options, date));
      }
    }
    expect(formatDate(new Date(2026, 0, 1, 19, 5), lang)).toBe(lang === 'fr' ? '1er janvier 2026' : 'January 1, 2026');
  });

  it('reads a format it does not write, and a date it cannot read, through Intl', () => {
    const date = new Date(2026, 10, 30, 12);
    expect(formatDate(date, 'en', { month: 'long' })).toBe('November');
    expect(formatDate(date, 'fr', { dateStyle: 'full' })).toBe('lundi 30 novembre 2026');
    expect(() => formatDate('not a date', 'en')).toThrow(RangeError);
  });

  it.each(LANGS)('name the day picker’s days as Intl does in %s', (lang) => {
    const initial = new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'narrow' });
    const full = new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'long', month: 'long', day: 'numeric' });
    for (let i = 0; i < 366; i++) {
      const date = new Date(2028, 0, 1 + i, 12);
      expect(weekdayInitial(localParts(date), lang)).toBe(initial.format(date).toUpperCase());
      expect(writeDay(localParts(date), lang, { weekday: 'long', month: 'long', year: false }, false)).toBe(
        full.format(date),
      );
    }
  });

  it.each(LANGS)('write a wall-clock day of the admin lists as Intl does in %s', (lang) => {
    const medium = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: 'UTC', dateStyle: 'medium' });
    for (const day of DAYS) {
      const parts = wallClockParts(`${day} 00:00`);
      if (!parts) throw new Error(day);
      expect(writeDay(parts, lang, { month: 'short', year: true }, false)).toBe(
        medium.format(new Date(`${day}T00:00Z`)),
      );
    }
  });

  it('writes a day and a time as a reader of each language expects', () => {
    expect(formatWallClock('2026-12-01 19:30:00', 'en-ca')).toBe('Tuesday, December 1, 2026 at 7:30\u00a0p.m.');
    expect(formatWallClock('2026-12-01 19:30:00', 'fr-ca')).toBe('mardi 1er décembre 2026 à 19\u00a0h\u00a030');
    expect(formatWallClock('2026-12-01 00:05:00', 'fr-ca', false)).toBe('0\u00a0h\u00a005');
    expect(formatWallClock('2026-12-01 00:05:00', 'en-ca', true, 'short')).toBe('Tue, Dec 1, 2026, 12:05\u00a0a.m.');
  });

  it('reads wall-clock values, and nothing else', () => {
    expect(wallClockParts('2026-11-30 18:45:00')).toEqual({
      year: 2026,
      month: 10,
      day: 30,
      weekday: 1,
      hour: 18,
      minute: 45,
    });
    expect(wallClockParts('2026-11-30T18:45')).not.toBeNull();
    expect(wallClockParts('30/11/2026 18:45')).toBeNull();
  });
});
