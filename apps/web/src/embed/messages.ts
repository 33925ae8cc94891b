/**
 * The embed page's words: the `embed` section of the app's dictionaries only, with `{{name}}` placeholders filled
 * in. `?embed` makes each file a module of its own (not the app's, shared), so Vite keeps just that section.
 */
import type { Lang } from '@evmap/contract/enums';
import { embed as en } from '@/i18n/en.json?embed';
import { embed as fr } from '@/i18n/fr.json?embed';

export type MessageKey = keyof typeof en;

/** The messages of `lang`. */
export function messages(lang: Lang) {
  const dictionary = lang === 'en' ? en : fr;
  return (key: MessageKey, values: Record<string, string> = {}) =>
    dictionary[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => values[name] ?? '');
}
