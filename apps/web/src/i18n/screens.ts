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
import type { Tree } from './translate';

/**
 * The packs, each a folder of screens/ with a file per language: the pages' titles, tables and image fields of most
 * screens (`common`); the organiser's area, its header, profile and settings menu (`organiser`); the event form, the
 * organiser's and the administrator's, its dates, place and statistics (`form`); the place and address fields
 * (`address`); the account's pages (`account`); the plans page (`plans`); the import sources, the administrator's
 * pages and the organiser's own calendars (`sources`); the administration's pages (`admin`); an organisation's public
 * page and feeds, on that page and in the organiser's profile (`organisation`).
 */
export const TEXT_PACKS = [
  'common',
  'organiser',
  'form',
  'address',
  'account',
  'plans',
  'sources',
  'admin',
  'organisation',
] as const;

/** A pack of screens' texts. */
export type TextPack = (typeof TEXT_PACKS)[number];

/** Each file as a chunk of its own, loaded when asked for. */
const FILES = import.meta.glob<{ default: Tree }>('./screens/*/*.json');

const PACKS = Object.fromEntries(
  TEXT_PACKS.map((pack) => [
    pack,
    textsLoader({ en: FILES[`./screens/${pack}/en.json`]!, fr: FILES[`./screens/${pack}/fr.json`]! }),
  ]),
) as Record<TextPack, (lang: Lang) => Promise<void>>;

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
