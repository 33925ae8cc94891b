import type { Lang } from '@evmap/contract/enums';
import { useSyncExternalStore } from 'react';
import { currentLang, i18n } from './i18n';

/** The current interface language; components using it re-render when it changes. */
export function useLang(): Lang {
  return useSyncExternalStore(i18n.subscribe, currentLang);
}
