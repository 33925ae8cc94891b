/**
 * Numbers written out in English (en-CA) and French (fr-CA) for the formats the screens use: counts ("1,234" /
 * "1 234"), money in cents ("$34.99" / "34,99 $") and tax rates ("9.975%" / "9,975 %"), as `Intl.NumberFormat` writes
 * them (number-text.test.ts compares them). Not asked of `Intl`: the first `Intl` object a page makes loads ICU's
 * data (40 to 100 ms of main thread; over 300 ms on Lighthouse's simulated phone), and the admin lists and the plans
 * page write numbers on their first render. A number outside these formats is still written by `Intl`.
 */
import type { Lang } from '@evmap/contract/enums';
import { localeOf } from '@/i18n/i18n';
import { numberFormat } from '@/lib/intl-cache';

/** The no-break space French puts between groups of digits and before a unit. */
const NBSP = '\u00a0';
const GROUP: Record<Lang, string> = { en: ',', fr: NBSP };
const DECIMAL: Record<Lang, string> = { en: '.', fr: ',' };

/** The digits of a whole number ≥ 0 in groups of three. */
function grouped(whole: number, lang: Lang): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, GROUP[lang]);
}

/** A count or any whole number: "1,234" (en), "1 234" (fr); other numbers as `Intl` writes them. */
export function writeWhole(value: number, lang: Lang): string {
  if (!Number.isSafeInteger(value)) return numberFormat(localeOf(lang)).format(value);
  return `${value < 0 ? '-' : ''}${grouped(Math.abs(value), lang)}`;
}

/** Whole cents as Canadian dollars: "$1,234.50", "-$0.50" (en); "1 234,50 $", "-0,50 $" (fr). */
export function writeCents(cents: number, lang: Lang): string {
  if (!Number.isSafeInteger(cents)) {
    return numberFormat(localeOf(lang), { style: 'currency', currency: 'CAD' }).format(cents / 100);
  }
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const amount = `${grouped(Math.floor(abs / 100), lang)}${DECIMAL[lang]}${String(abs % 100).padStart(2, '0')}`;
  return lang === 'fr' ? `${sign}${amount}${NBSP}$` : `${sign}$${amount}`;
}

/** A rate in thousandths of a percent (the contract's TAX_RATE_SCALE: 9975) as a percentage: "9.975%" (en), "9,975 %" (fr); "5%" for 5000. */
export function writeRate(thousandths: number, lang: Lang): string {
  if (!Number.isSafeInteger(thousandths) || thousandths < 0) {
    return numberFormat(localeOf(lang), { style: 'percent', maximumFractionDigits: 3 }).format(thousandths / 100_000);
  }
  const fraction = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  const number = `${grouped(Math.floor(thousandths / 1000), lang)}${fraction ? `${DECIMAL[lang]}${fraction}` : ''}`;
  return lang === 'fr' ? `${number}${NBSP}%` : `${number}%`;
}
