import type { Lang } from '@evmap/contract/enums';
import { describe, expect, it } from 'vitest';
import { writeCents, writeRate, writeWhole } from './number-text';

const LOCALES: Record<Lang, string> = { en: 'en-CA', fr: 'fr-CA' };
const LANGS = ['en', 'fr'] as const;
const WHOLES = [0, 1, 9, 12, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 2 ** 40, -1, -1234, -1_000_000];

describe('numbers written out', () => {
  it.each(LANGS)('write whole numbers as Intl does in %s', (lang) => {
    const intl = new Intl.NumberFormat(LOCALES[lang]);
    for (const value of WHOLES) expect(writeWhole(value, lang)).toBe(intl.format(value));
    // Not a whole number: Intl writes it.
    expect(writeWhole(1234.5, lang)).toBe(intl.format(1234.5));
  });

  it.each(LANGS)('write cents as dollars as Intl does in %s', (lang) => {
    const intl = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'CAD' });
    for (const cents of [
      0,
      1,
      5,
      10,
      99,
      100,
      3499,
      123_450,
      100_000_000,
      -50,
      -123_456,
      ...WHOLES.map((w) => w * 7),
    ]) {
      expect(writeCents(cents, lang)).toBe(intl.format(cents / 100));
    }
  });

  it.each(LANGS)('write tax rates as Intl does in %s', (lang) => {
    const intl = new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 3 });
    for (let rate = 0; rate <= 30_000; rate += 25) expect(writeRate(rate, lang)).toBe(intl.format(rate / 100_000));
    for (const rate of [5000, 9975, 13_000, 14_975, 1, 10, 100, 100_000]) {
      expect(writeRate(rate, lang)).toBe(intl.format(rate / 100_000));
    }
  });

  it('writes what a reader of each language expects', () => {
    expect(writeCents(3499, 'en')).toBe('$34.99');
    expect(writeCents(3499, 'fr')).toBe('34,99\u00a0$');
    expect(writeRate(9975, 'en')).toBe('9.975%');
    expect(writeRate(9975, 'fr')).toBe('9,975\u00a0%');
    expect(writeWhole(1234, 'fr')).toBe('1\u00a0234');
  });
});
