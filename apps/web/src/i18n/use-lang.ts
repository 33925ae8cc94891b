import type { Lang } from '@evmap/contract/enums';
import { useTranslation } from 'react-i18next';
import { toLang } from './i18n';

/** The current interface language; components using it re-render when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return toLang(i18n.resolvedLanguage ?? i18n.language);
}
