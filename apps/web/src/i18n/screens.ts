/**
 * The texts of the screens behind the lazy routes (profile, event form, settings, plans, administration), in packs
 * (`screens/<pack>/<lang>.json`), each added to the `translation` namespace of a language when a route first needs it:
 * each lazy route of the router names the packs its screen uses (app/router.tsx), which load in parallel with the
 * screen's code, and a change of language loads the new language's packs (those already loaded) before switching
 * (i18n.ts). The shell's, the map's and the dialogs' texts (i18n/en.json, i18n/fr.json) are loaded the same way,
 * before the first render (i18n.ts); a page has only its language's, and a screen's only once shown. Keys are the
 * same wherever their text lives; route-texts.test.ts checks that each route's packs hold every section its modules
 * use. One catalogue for every screen was 9.7 KB gzipped on each of them, the administration's texts on the
 * organiser's screens.
 */
import type { Lang } from '@evmap/contract/enums';
import { beforeLanguageChange, textsLoader } from './i18n';

/** Each pack's texts in each language: the files must be named in `import()`s for the build to make their chunks. */
const PACKS = {
  /** The pages' titles, tables, unsaved changes, image fields: most screens'. */
  common: textsLoader({ en: () => import('./screens/common/en.json'), fr: () => import('./screens/common/fr.json') }),
  /** The organiser's area: its header, profile, settings menu. */
  organiser: textsLoader({
    en: () => import('./screens/organiser/en.json'),
    fr: () => import('./screens/organiser/fr.json'),
  }),
  /** The event form (the organiser's and the administrator's), its dates, place and statistics. */
  form: textsLoader({ en: () => import('./screens/form/en.json'), fr: () => import('./screens/form/fr.json') }),
  /** The place and address fields. */
  address: textsLoader({
    en: () => import('./screens/address/en.json'),
    fr: () => import('./screens/address/fr.json'),
  }),
  /** The account's pages: account, payment card, subscription, invoices, calendars, contact, password, deletion. */
  account: textsLoader({
    en: () => import('./screens/account/en.json'),
    fr: () => import('./screens/account/fr.json'),
  }),
  /** The plans page. */
  plans: textsLoader({ en: () => import('./screens/plans/en.json'), fr: () => import('./screens/plans/fr.json') }),
  /** The import sources: the administrator's pages and the organiser's own calendars. */
  sources: textsLoader({
    en: () => import('./screens/sources/en.json'),
    fr: () => import('./screens/sources/fr.json'),
  }),
  /** The administration's pages. */
  admin: textsLoader({ en: () => import('./screens/admin/en.json'), fr: () => import('./screens/admin/fr.json') }),
};

/** A pack of screens' texts (a folder of screens/). */
export type TextPack = keyof typeof PACKS;

/** Every pack, for the tests. */
export const TEXT_PACKS = Object.keys(PACKS) as TextPack[];

/** Adds the texts of `packs` in `lang` to the app's (each once; later calls resolve at once). */
export function loadScreenTexts(lang: Lang, packs: readonly TextPack[]): Promise<void> {
  return Promise.all(
    packs.map((pack) => {
      // Once a screen has a pack's texts, a change of language brings the new language's.
      beforeLanguageChange(PACKS[pack]);
      return PACKS[pack](lang);
    }),
  ).then(() => undefined);
}
