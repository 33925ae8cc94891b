import { describe, expect, it } from 'vitest';
import { typesetDate } from './date-typography';

const at = (iso: string) => new Date(`${iso}Z`);
const format = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });

describe('typesetDate', () => {
  it('writes the first of the month "1er" in French, with the month in words only', () => {
    const long = format('fr-ca', { dateStyle: 'long' });
    expect(typesetDate(long, at('2026-12-01T12:00:00'))).toBe('1er décembre 2026');
    expect(typesetDate(long, at('2026-12-11T12:00:00'))).toBe('11 décembre 2026');
    expect(typesetDate(long, at('2026-12-21T12:00:00'))).toBe('21 décembre 2026');
    expect(
      typesetDate(format('fr-ca', { weekday: 'long', day: 'numeric', month: 'long' }), at('2026-12-01T12:00')),
    ).toBe('mardi 1er décembre');
    expect(typesetDate(format('fr-ca', { dateStyle: 'short' }), at('2026-12-01T12:00:00'))).toBe('2026-12-01');
    expect(typesetDate(format('en-ca', { dateStyle: 'long' }), at('2026-12-01T12:00:00'))).toBe('December 1, 2026');
  });

  it('keeps a time on one line', () => {
    const time = { hour: 'numeric', minute: '2-digit' } as const;
    const en = typesetDate(format('en-ca', time), at('2026-12-01T19:00:00'));
    const fr = typesetDate(format('fr-ca', time), at('2026-12-01T19:00:00'));
    expect(en).toMatch(/^7:00[\u00a0\u202f]p\.m\.$/);
    expect(fr).toBe('19\u00a0h\u00a000');
    // The space between the date and the time may still break.
    expect(typesetDate(format('fr-ca', { day: 'numeric', month: 'long', ...time }), at('2026-12-01T19:00:00'))).toMatch(
      /^1er décembre,? (à )?19\u00a0h\u00a000$/,
    );
  });
});
