/**
 * Dates in the interface follow the date locale of the language (spec section 1): fr-ca or en-ca,
 * the same locale the API receives in `X-Locale`.
 */
import type { Lang } from '@evmap/contract/enums';
import { useCallback } from 'react';
import { localeOf } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { typesetDate } from '@/lib/date-typography';
import { dateTimeFormat } from '@/lib/intl-cache';

type DateInput = Date | string | number;

/** `value` formatted for `lang` (long date by default), typeset: "1er" in French, times on one line. */
export function formatDate(
  value: DateInput,
  lang: Lang,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  return typesetDate(dateTimeFormat(localeOf(lang), options), new Date(value));
}

/** `formatDate` in the current language; components using it re-render when the language changes. */
export function useFormatDate() {
  const lang = useLang();
  return useCallback(
    (value: DateInput, options?: Intl.DateTimeFormatOptions) => formatDate(value, lang, options),
    [lang],
  );
}
