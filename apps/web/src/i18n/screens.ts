/**
 * The texts of the screens behind the lazy routes (profile, event form, settings, plans, administration), added to
 * the `translation` namespace of a language when first needed: the router loads the current language's with each
 * lazy page (app/router.tsx), in parallel with the page's code, and a change of language loads the new one's before
 * switching (i18n.ts). The first load of the map carries only the shell's, the map's and the dialogs' texts
 * (i18n/en.json, i18n/fr.json), and a screen only its language's; keys are the same wherever their text lives.
 */
import type { Lang } from '@evmap/contract/enums';
import { beforeLanguageChange, i18n } from './i18n';
import type { Tree } from './translate';

const LOADERS: Record<Lang, () => Promise<{ default: Tree }>> = {
  en: () => import('./screens/en.json'),
  fr: () => import('./screens/fr.json'),
};

const loading = new Map<Lang, Promise<void>>();

/** Adds the screens' texts of `lang` to the app's (once; later calls resolve at once). */
export function loadScreenTexts(lang: Lang): Promise<void> {
  let texts = loading.get(lang);
  if (!texts) {
    texts = LOADERS[lang]().then((module) => {
      i18n.addTexts(lang, module.default);
    });
    // A failed download (offline) is tried again next time.
    texts.catch(() => loading.delete(lang));
    loading.set(lang, texts);
    // Once a screen has its texts, a change of language brings the new language's.
    beforeLanguageChange(loadScreenTexts);
  }
  return texts;
}
