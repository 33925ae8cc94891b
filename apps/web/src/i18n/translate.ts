/**
 * How a text is found and filled in, for the app's own translation module (i18n.ts; it replaced i18next, whose
 * library and set-up every page paid for): a key is a dotted path in the nested JSON files, `count` picks the plural
 * form (`key_one`, `key_other`), `context` a variant (`key_<context>`), `{{name}}` placeholders take the options'
 * values as they are (React escapes what it shows), and a text missing in French is taken from English when English's
 * texts are loaded (a page loads one language's, i18n.ts: otherwise it is reported missing, which i18n-keys.test.ts,
 * keeping the keys of both languages the same, rules out). The plural rules of the two languages are written out:
 * the first Intl object of a page costs 80-200 ms on a slow phone.
 *
 * The keys are types too: `t('home.tagline')` is checked against en.json, the lazy screens' texts and the error
 * catalogue (`t(key, { ns: 'errors' })`).
 */
import type { Lang } from '@evmap/contract/enums';
import type { ErrorKey } from '@evmap/contract/errors';
import type core from './en.json';
import type accountTexts from './screens/account/en.json';
import type addressTexts from './screens/address/en.json';
import type adminTexts from './screens/admin/en.json';
import type commonTexts from './screens/common/en.json';
import type formTexts from './screens/form/en.json';
import type organisationTexts from './screens/organisation/en.json';
import type organiserTexts from './screens/organiser/en.json';
import type plansTexts from './screens/plans/en.json';
import type sourcesTexts from './screens/sources/en.json';

/** The texts of a JSON file: sections, then texts. */
export type Tree = { readonly [key: string]: string | Tree };

/** The catalogues: the app's texts, and the contract's error messages. */
export type Namespace = 'translation' | 'errors';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type PluralBase<Key> = Key extends `${infer Base}_one` ? Base : Key extends `${infer Base}_other` ? Base : never;

type TextPath = Leaves<
  typeof core &
    typeof accountTexts &
    typeof addressTexts &
    typeof adminTexts &
    typeof commonTexts &
    typeof formTexts &
    typeof organisationTexts &
    typeof organiserTexts &
    typeof plansTexts &
    typeof sourcesTexts
>;

/** A key of the app's texts: a text's dotted path, or a plural text's without its `_one`/`_other`. */
export type TranslationKey = TextPath | PluralBase<TextPath>;

/** What a lookup takes besides the key; every other entry is a placeholder's value. */
export type TOptions = {
  /** Picks the plural form and fills `{{count}}`. */
  count?: number;
  /** Prefers the variant `<key>_<context>` when there is one. */
  context?: string;
  /** The text when the key has none (still reported as missing). */
  defaultValue?: string;
  /** A language other than the interface's. */
  lng?: string;
  [value: string]: unknown;
};

/** A translation function: the app's keys, or the error catalogue's with `ns: 'errors'`. */
export interface TFunction {
  (key: TranslationKey, options?: TOptions & { ns?: 'translation' }): string;
  (key: ErrorKey, options: TOptions & { ns: 'errors' }): string;
}

/** What `translate` takes: the options, with the catalogue to look in (the app's texts by default). */
export type LookupOptions = TOptions & { ns?: Namespace };

/** The trees holding the texts of a language and a catalogue, searched in order. */
export type Catalogue = (lang: Lang, ns: Namespace) => readonly Tree[];

const FALLBACK: Lang = 'en';

/** The plural category of `count`: French puts 0 and 1 (and what lies between) in the singular, English only 1. */
export function pluralOf(lang: Lang, count: number): 'one' | 'other' {
  const size = Math.abs(count);
  return (lang === 'fr' ? size < 2 : size === 1) ? 'one' : 'other';
}

/** `text` with each `{{name}}` replaced by `values[name]` (null or undefined as nothing); unknown names are kept. */
export function interpolate(text: string, values: Readonly<Record<string, unknown>>): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (placeholder, name: string) => {
    const key = name.trim();
    if (!Object.hasOwn(values, key)) return placeholder;
    const value = values[key];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** The text at dotted `path` in `tree`, or undefined when there is none (or a section is there). */
export function textAt(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The keys to try for `key` in `lang`, best first: the context's variant and the plural forms before the plain key. */
function candidates(lang: Lang, key: string, { count, context }: LookupOptions): string[] {
  const plural = typeof count === 'number' ? `_${pluralOf(lang, count)}` : '';
  const bases = context ? [`${key}_${context}`, key] : [key];
  return bases.flatMap((base) => (plural ? [base + plural, base] : [base]));
}

/** The raw text of `key` in `lang` itself (no English fallback), or undefined. */
export function findText(
  catalogue: Catalogue,
  lang: Lang,
  key: string,
  options: LookupOptions = {},
): string | undefined {
  const trees = catalogue(lang, options.ns ?? 'translation');
  for (const candidate of candidates(lang, key, options)) {
    for (const tree of trees) {
      const text = textAt(tree, candidate);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

/**
 * The text of `key` in `lang` (else in English) with its placeholders filled in. A key found in neither is a bug: it
 * is reported on the console, and the default value, else the key, is shown.
 */
export function translate(catalogue: Catalogue, lang: Lang, key: string, options: LookupOptions = {}): string {
  const text =
    findText(catalogue, lang, key, options) ??
    (lang === FALLBACK ? undefined : findText(catalogue, FALLBACK, key, options));
  if (text !== undefined) return interpolate(text, options);
  // With a count, the keys English would need: its plural forms.
  const missing = typeof options.count === 'number' ? [`${key}_one`, `${key}_other`] : [key];
  for (const name of missing) console.error(`i18n: missing key "${options.ns ?? 'translation'}:${name}" (${FALLBACK})`);
  return interpolate(options.defaultValue ?? key, options);
}
