import { useMemo } from 'react';
import { localeOf } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';

/** Formats whole numbers for the current language ("1,234" in English, "1 234" in French). */
export function useFormatNumber(): (value: number) => string {
  const lang = useLang();
  return useMemo(() => new Intl.NumberFormat(localeOf(lang)).format, [lang]);
}
