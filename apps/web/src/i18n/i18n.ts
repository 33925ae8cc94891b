/**
 * The interface's language and texts (the app's own module: i18next and its React binding cost every page 15 KB
 * gzipped and 20-30 ms of set-up). Language order (spec section 1): the stored choice, then the browser's languages,
 * then English. Only `setLanguage` stores a choice, so a browser language is never frozen into storage as if the
 * user had picked it. The `<html lang>` follows the language.
 *
 * A page downloads one language's texts: the shell's (en.json, fr.json: the menus, the map, the list, the dialogs)
 * with the error catalogue (the contract's errors-en.ts, errors-fr.ts), a chunk per language, before the first render
 * (`loadStartTexts`, from main.tsx; the boot script preloads the chunk with the entry) and before a change of
 * language; the lazy screens' with their routes (screens.ts). Both languages' were in a chunk every screen loads:
 * 3.4 KB gzipped more in English, 2.6 KB in French, then 2.4 KB more for the error messages.
 */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Lang } from '@evmap/contract/enums';
import type { ErrorKey } from '@evmap/contract/errors';
import { readStorage, writeStorage } from '@/lib/storage';
import { langOf, pickLang } from './pick-lang';
import {
  type Catalogue,
  findText,
  type LookupOptions,
  type Namespace,
  type TFunction,
  type Tree,
  translate,
} from './translate';

export { LANGUAGES } from './pick-lang';

/** Narrows any language code (`fr-CA`, `en`, undefined) to a supported language. */
export function toLang(code: string | undefined): Lang {
  return langOf(code) ?? 'en';
}

/** The date locale of a language (`fr-ca` / `en-ca`), as sent in `X-Locale`. */
export function localeOf(lang: Lang): 'fr-ca' | 'en-ca' {
  return lang === 'fr' ? 'fr-ca' : 'en-ca';
}

/** The language the interface starts in: the stored choice, else the browser's languages, else English. */
export function detectLang(): Lang {
  return pickLang(readStorage(STORAGE_KEYS.lang), typeof navigator === 'undefined' ? undefined : navigator);
}

/** The app's texts of each language, as they are added: the shell's, the lazy screens' (screens.ts). */
const texts: Record<Lang, Tree[]> = { en: [], fr: [] };

/** The error catalogue of each language loaded (the contract's errors-en.ts, errors-fr.ts), as the API words it. */
const errorMessages: Partial<Record<Lang, Readonly<Record<ErrorKey, string>>>> = {};

/** The error catalogue of a language with `{{name}}` placeholders, made when first needed. */
const errorTexts = new Map<Lang, Tree>();

function errorsOf(lang: Lang): readonly Tree[] {
  const messages = errorMessages[lang];
  if (!messages) return [];
  let tree = errorTexts.get(lang);
  if (!tree) {
    tree = Object.fromEntries(
      Object.entries(messages).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
    );
    errorTexts.set(lang, tree);
  }
  return [tree];
}

/** The message of `key` in each language whose catalogue is loaded, as the API words it (`{name}` placeholders). */
export function errorTextsOf(key: ErrorKey): string[] {
  return Object.values(errorMessages).map((messages) => messages[key]);
}

const catalogue: Catalogue = (lang, ns) => (ns === 'errors' ? errorsOf(lang) : texts[lang]);

let language = detectLang();
const listeners = new Set<() => void>();
const fixedT = new Map<Lang, TFunction>();

function showLang(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
showLang(language);

/** A `t` translating into `lang()`, or into the language a call names with `lng`. */
function translator(lang: () => Lang): TFunction {
  return (key: string, options?: LookupOptions) =>
    translate(catalogue, options?.lng ? toLang(options.lng) : lang(), key, options);
}

/** A `t` translating into `code`, the same function for each language (a new one when the language changes). */
function getFixedT(code: string): TFunction {
  const lang = toLang(code);
  let t = fixedT.get(lang);
  if (!t) {
    t = translator(() => lang);
    fixedT.set(lang, t);
  }
  return t;
}

export const i18n = {
  /** The interface's language. */
  get language(): Lang {
    return language;
  },
  /** Translates into the interface's language (at the time of the call). */
  t: translator(() => language),
  getFixedT,
  /** Whether `lng` itself (no English fallback) has a text for `key`. */
  exists(key: string, options: { lng?: string; ns?: Namespace } = {}): boolean {
    return findText(catalogue, toLang(options.lng ?? language), key, options) !== undefined;
  },
  /** Switches the interface to `code` (narrowed to a supported language) without storing it: see `setLanguage`. */
  changeLanguage(code: string): void {
    const lang = toLang(code);
    showLang(lang);
    if (lang === language) return;
    language = lang;
    for (const listener of listeners) listener();
  },
  /** Calls `listener` after each change of language; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Adds texts to a language's (texts already there keep theirs). */
  addTexts(lang: Lang, tree: Tree): void {
    texts[lang].push(tree);
  },
};

/** The current language of the interface. */
export function currentLang(): Lang {
  return language;
}

/** What must be loaded before the interface switches to a language: the shell's texts, the screens' (screens.ts). */
const languageLoaders = new Set<(lang: Lang) => Promise<void>>();

/** Runs `load` with the new language before each change of language (once per function). */
export function beforeLanguageChange(load: (lang: Lang) => Promise<void>): void {
  languageLoaders.add(load);
}

/** Switches the interface language (once its texts are loaded) and remembers it as the user's choice. */
export async function setLanguage(lang: Lang): Promise<void> {
  writeStorage(STORAGE_KEYS.lang, lang);
  await Promise.all([...languageLoaders].map((load) => load(lang)));
  i18n.changeLanguage(lang);
}

/**
 * A function giving each language's module of `loaders` to `add`, once: later calls share the first's promise, and a
 * failed download (offline) is tried again by the next call.
 */
function onceEach<M>(loaders: Record<Lang, () => Promise<M>>, add: (lang: Lang, module: M) => void) {
  const loading = new Map<Lang, Promise<void>>();
  return (lang: Lang): Promise<void> => {
    let done = loading.get(lang);
    if (!done) {
      done = loaders[lang]().then((module) => add(lang, module));
      done.catch(() => loading.delete(lang));
      loading.set(lang, done);
    }
    return done;
  };
}

/** A function adding the texts `loaders` give for a language to the app's, once (see `onceEach`). */
export function textsLoader(loaders: Record<Lang, () => Promise<{ default: Tree }>>): (lang: Lang) => Promise<void> {
  return onceEach(loaders, (lang, module) => i18n.addTexts(lang, module.default));
}

/**
 * Adds the shell's texts and the error catalogue of a language (shell-en.ts, shell-fr.ts: a chunk each) to the app's,
 * once.
 */
export const loadShellTexts = onceEach(
  { en: () => import('./shell-en'), fr: () => import('./shell-fr') },
  (lang, module: { texts: Tree; errors: Readonly<Record<ErrorKey, string>> }) => {
    i18n.addTexts(lang, module.texts);
    errorMessages[lang] = module.errors;
  },
);
beforeLanguageChange(loadShellTexts);

/**
 * Loads the shell's texts of the interface's language, which the first render needs (main.tsx). When they cannot be
 * downloaded (offline, without the service worker's copy), English's are tried and the interface starts in English
 * (not stored: the next page tries its language again); when those fail too, it resolves all the same: the app
 * starts, showing keys, rather than a blank page. `load` is for the tests.
 */
export async function loadStartTexts(load: (lang: Lang) => Promise<void> = loadShellTexts): Promise<void> {
  try {
    await load(language);
    return;
  } catch {
    // English's texts below.
  }
  try {
    await load('en');
    i18n.changeLanguage('en');
  } catch {
    // Nothing to show but the keys.
  }
}
