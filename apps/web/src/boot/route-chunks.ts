/**
 * The chunks of the page's own screen, and the texts of its language, preloaded with the app's entry by the boot
 * script. Without them a screen behind a lazy route (the profile, the event form, the administration…) downloads its
 * code only once the entry has run and the router has matched the URL, and every page its shell's texts only once
 * the entry has run (main.tsx waits for them before rendering): one more round trip on a phone, and Vite's loader
 * adding a link element per chunk while the page starts. The build (scripts/route-chunks.ts) writes, from the
 * router's table: `<meta name="evm-route-chunks" content='{"base":"/assets/","files":["en-….js",…],
 * "shell":{"en":i,"fr":j},"texts":{"form":{"en":k,"fr":l},…},"routes":[["/profile/events/:eventUuid",[m,…],
 * ["common","form",…]],…]}'>` (`shell`: the shell's texts of each language, for every page; `texts`: each pack of
 * screens' texts in each language, for the routes that name it). The boot script preloads them with the entry
 * (app-scripts.ts); Vite's loader then finds the links already in the page and adds none of its own.
 */

import { STORAGE_KEYS } from '@evmap/contract/constants';
import { pickLang } from '../i18n/pick-lang';

/** Written by the build (`ROUTE_CHUNKS_META` of scripts/route-chunks.ts). */
export const ROUTE_CHUNKS_META = 'evm-route-chunks';

type RouteChunks = {
  base: string;
  files: string[];
  shell: Record<string, number>;
  texts: Record<string, Record<string, number>>;
  routes: Array<[string, number[], string[]]>;
};

/** Whether `pattern` (`/profile/events/:eventUuid`) matches `pathname`, segment by segment. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  return want.length === have.length && want.every((segment, i) => segment.startsWith(':') || segment === have[i]);
}

/**
 * The route of `pathname`: among the patterns that match, the one with the fewest parameters (`events/create` before
 * `events/:eventUuid`), as React Router ranks them.
 */
export function routeOf<T extends [string, ...unknown[]]>(routes: readonly T[], pathname: string): T | undefined {
  const params = (pattern: string) => pattern.split('/').filter((segment) => segment.startsWith(':')).length;
  return routes.filter(([pattern]) => matchesPattern(pattern, pathname)).sort(([a], [b]) => params(a) - params(b))[0];
}

/** The interface's language as the app will choose it (i18n/pick-lang.ts). */
export function bootLang(doc: Document): string {
  const view = doc.defaultView;
  let stored: string | null = null;
  try {
    stored = view?.localStorage.getItem(STORAGE_KEYS.lang) ?? null;
  } catch {
    // Storage refused (privacy settings): the browser's language decides.
  }
  return pickLang(stored, view?.navigator);
}

/**
 * The scripts and stylesheets of the page, from the meta: the shell's texts of `lang`, then the files of the page's
 * screen and its packs of screens' texts in `lang`; none when there is no meta.
 */
export function routeFiles(doc: Document, pathname: string, lang: string): { scripts: string[]; styles: string[] } {
  const none = { scripts: [], styles: [] };
  const meta = doc.querySelector(`meta[name="${ROUTE_CHUNKS_META}"]`);
  if (!meta) return none;
  let table: RouteChunks;
  try {
    table = JSON.parse(meta.getAttribute('content') ?? '') as RouteChunks;
  } catch {
    return none;
  }
  const [, indexes, packs] = routeOf(table.routes, pathname) ?? ['', [], []];
  const urls = [table.shell[lang], ...indexes, ...packs.map((pack) => table.texts[pack]?.[lang])]
    .map((index) => table.files[index ?? -1])
    .filter((file): file is string => typeof file === 'string')
    .map((file) => `${table.base}${file}`);
  return { scripts: urls.filter((url) => !url.endsWith('.css')), styles: urls.filter((url) => url.endsWith('.css')) };
}
