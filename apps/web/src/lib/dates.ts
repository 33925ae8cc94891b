/**
 * Dates in the interface follow the date locale of the language (spec section 1): fr-ca or en-ca,
 * the same locale the API receives in `X-Locale`.
 */
import type { Lang } from '@evmap/contract/enums';
import { useCallback } from 'react';
import { localeOf } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { type DayStyle, localParts, writeDay, writeDayAndTime } from '@/lib/calendar-text';
import { typesetDate } from '@/lib/date-typography';
import { dateTimeFormat } from '@/lib/intl-cache';

type DateInput = Date | string | number;

/** The day style of the `Intl` options written out by calendar-text.ts, and whether a time follows. */
function writtenOut(options: Intl.DateTimeFormatOptions): { day: DayStyle; time: boolean } | undefined {
  const keys = Object.keys(options);
  const only = (...names: string[]) => keys.length === names.length && names.every((name) => keys.includes(name));
  if (options.dateStyle === 'long' && only('dateStyle')) return { day: { month: 'long', year: true }, time: false };
  if (options.dateStyle === 'medium' && only('dateStyle')) return { day: { month: 'short', year: true }, time: false };
  if (options.dateStyle === 'long' && options.timeStyle === 'short' && only('dateStyle', 'timeStyle'))
    return { day: { month: 'long', year: true }, time: true };
  return undefined;
}

/**
 * `value` formatted for `lang` (long date by default), typeset: "1er" in French, times on one line. The usual formats
 * are written out (calendar-text.ts: no `Intl` on a screen's first render), the others asked of `Intl`.
 */
export function formatDate(
  value: DateInput,
  lang: Lang,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const date = new Date(value);
  const format = writtenOut(options);
  if (format && !Number.isNaN(date.getTime())) {
    const parts = localParts(date);
    return format.time ? writeDayAndTime(parts, lang, format.day, true) : writeDay(parts, lang, format.day);
  }
  return typesetDate(dateTimeFormat(localeOf(lang), options), date);
}

/** `formatDate` in the current language; components using it re-render when the language changes. */
export function useFormatDate() {
  const lang = useLang();
  return useCallback(
    (value: DateInput, options?: Intl.DateTimeFormatOptions) => formatDate(value, lang, options),
    [lang],
  );
}
