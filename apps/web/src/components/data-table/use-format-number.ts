import { useMemo } from 'react';
import { useLang } from '@/i18n/use-lang';
import { writeWhole } from '@/lib/number-text';

/** Formats whole numbers for the current language ("1,234" in English, "1 234" in French). */
export function useFormatNumber(): (value: number) => string {
  const lang = useLang();
  return useMemo(() => (value: number) => writeWhole(value, lang), [lang]);
}
