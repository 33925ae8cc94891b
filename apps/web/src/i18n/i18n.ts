/**
 * i18next set-up. Language order (spec section 1): the stored choice, then the browser language,
 * then English. The detector only reads storage; a choice is stored by `setLanguage`, so a
 * browser language is never frozen into storage as if the user had picked it.
 */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Lang } from '@evmap/contract/enums';
import { ERROR_MESSAGES, type ErrorKey } from '@evmap/contract/errors';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { writeStorage } from '@/lib/storage';
import en from './en.json';
import fr from './fr.json';

/** The error catalogue as an i18next namespace: `{name}` placeholders become `{{name}}`. */
function errorsNamespace(lang: Lang): Record<ErrorKey, string> {
  const entries = Object.entries(ERROR_MESSAGES).map(([key, text]) => [
    key,
    text[lang].replace(/\{(\w+)\}/g, '{{$1}}'),
  ]);
  return Object.fromEntries(entries) as Record<ErrorKey, string>;
}

/**
 * The supported languages: the contract's LANGS (checked equal by i18n.test.ts), written here because
 * enums.ts also builds zod schemas, which the first page load does without.
 */
export const LANGUAGES = ['fr', 'en'] as const satisfies readonly Lang[];

export const resources = {
  en: { translation: en, errors: errorsNamespace('en') },
  fr: { translation: fr, errors: errorsNamespace('fr') },
} as const;

/** Narrows any language code (`fr-CA`, `en`, undefined) to a supported language. */
export function toLang(code: string | undefined): Lang {
  const base = code?.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Lang) : 'en';
}

/** The current language of the interface. */
export function currentLang(): Lang {
  return toLang(i18n.resolvedLanguage ?? i18n.language);
}

/** The date locale of a language (`fr-ca` / `en-ca`), as sent in `X-Locale`. */
export function localeOf(lang: Lang): 'fr-ca' | 'en-ca' {
  return lang === 'fr' ? 'fr-ca' : 'en-ca';
}

/** What must be loaded before the interface switches to a language (the lazy screens' texts: screens.ts). */
const languageLoaders = new Set<(lang: Lang) => Promise<void>>();

/** Runs `load` with the new language before each change of language (once per function). */
export function beforeLanguageChange(load: (lang: Lang) => Promise<void>): void {
  languageLoaders.add(load);
}

/** Switches the interface language (once its texts are loaded) and remembers it as the user's choice. */
export async function setLanguage(lang: Lang): Promise<void> {
  writeStorage(STORAGE_KEYS.lang, lang);
  await Promise.all([...languageLoaders].map((load) => load(lang)));
  await i18n.changeLanguage(lang);
}

i18n.on('languageChanged', (code: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = toLang(code);
});

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    defaultNS: 'translation',
    ns: ['translation', 'errors'],
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    initAsync: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: STORAGE_KEYS.lang,
      caches: [],
    },
    // A key missing from the resources is a bug: report it loudly instead of showing the key.
    saveMissing: true,
    missingKeyHandler: (lngs, ns, key) => {
      console.error(`i18n: missing key "${ns}:${key}" (${lngs.join(', ')})`);
    },
  });

export { i18n };
