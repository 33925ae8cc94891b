/**
 * The texts of the screens behind the lazy routes (profile, event form, settings, plans, administration), added to
 * the `translation` namespace of a language when first needed: the router loads the current language's with each
 * lazy page (app/router.tsx), in parallel with the page's code, and a change of language loads the new one's before
 * switching (i18n.ts). The shell's, the map's and the dialogs' texts (i18n/en.json, i18n/fr.json) are loaded the
 * same way, before the first render (i18n.ts); a page has only its language's, and a screen's only once shown. Keys
 * are the same wherever their text lives.
 */
import type { Lang } from '@evmap/contract/enums';
import { beforeLanguageChange, textsLoader } from './i18n';

const load = textsLoader({
  en: () => import('./screens/en.json'),
  fr: () => import('./screens/fr.json'),
});

/** Adds the screens' texts of `lang` to the app's (once; later calls resolve at once). */
export function loadScreenTexts(lang: Lang): Promise<void> {
  // Once a screen has its texts, a change of language brings the new language's.
  beforeLanguageChange(loadScreenTexts);
  return load(lang);
}
