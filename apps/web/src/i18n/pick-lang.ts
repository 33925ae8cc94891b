/**
 * How the interface's language is chosen (spec section 1): the stored choice, then the browser's languages, then
 * English. One function for the app (i18n.ts) and the boot script (boot/route-chunks.ts, which preloads the texts of
 * the language the app will choose), so the two cannot disagree; no texts imported here, as the boot script is
 * inlined into index.html.
 */
import type { Lang } from '@evmap/contract/enums';

/**
 * The supported languages: the contract's LANGS (checked equal by i18n.test.ts), written here because
 * enums.ts also builds zod schemas, which the first page load does without.
 */
export const LANGUAGES = ['fr', 'en'] as const satisfies readonly Lang[];

/** The supported language of a code (`fr-CA`, `en`), or undefined. */
export function langOf(code: string | null | undefined): Lang | undefined {
  const base = code?.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Lang) : undefined;
}

/** The first supported language of the stored choice and the browser's languages, else English. */
export function pickLang(stored: string | null, browser: Pick<Navigator, 'languages' | 'language'> | undefined): Lang {
  for (const code of [stored, ...(browser?.languages ?? []), browser?.language]) {
    const lang = langOf(code);
    if (lang) return lang;
  }
  return 'en';
}
