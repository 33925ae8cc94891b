/**
 * The translation module in components: `useTranslation` gives the `t` of the current language (a new one when the
 * language changes, so the component re-renders and memoised texts are made again), and `Trans` shows a text whose
 * `<name>…</name>` tags become the elements given for them (a link inside a sentence).
 */
import { cloneElement, createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { i18n } from './i18n';
import type { TFunction, TOptions, TranslationKey } from './translate';
import { useLang } from './use-lang';

/** The `t` of the interface's language, and the module itself. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  return { t: i18n.getFixedT(useLang()), i18n };
}

type Elements = Readonly<Record<string, ReactElement>>;

/** A `<name>…</name>` (or `<name/>`) tag and its content, the same name closing it. */
const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;

/** `text` as React nodes: each tag named in `elements` becomes that element around its content; others stay text. */
export function withElements(text: string, elements: Elements): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, , inner] = match;
    const name = match[1] ?? match[3] ?? '';
    if (match.index > last) nodes.push(text.slice(last, match.index));
    last = match.index + whole.length;
    const element = elements[name];
    if (!element) nodes.push(whole);
    else if (inner === undefined) nodes.push(cloneElement(element, { key: nodes.length }));
    else nodes.push(cloneElement(element, { key: nodes.length }, ...withElements(inner, elements)));
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

type TransProps = {
  i18nKey: TranslationKey;
  /** The element of each tag of the text, by name. */
  components?: Elements;
  /** The placeholders' values. */
  values?: TOptions;
};

/** The text of `i18nKey` in the interface's language, with its tags made elements. */
export function Trans({ i18nKey, components = {}, values }: TransProps) {
  const { t } = useTranslation();
  return createElement(Fragment, null, ...withElements(t(i18nKey, values), components));
}
