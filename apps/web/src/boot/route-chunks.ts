/**
 * The chunks of the page's own screen, preloaded with the app's entry by the boot script. Without them a screen
 * behind a lazy route (the profile, the event form, the administration…) downloads its code only once the entry has
 * run and the router has matched the URL: one more round trip on a phone, and Vite's loader adding a link element
 * per chunk while the page starts. The build (scripts/route-chunks.ts) writes, from the router's table:
 * `<meta name="evm-route-chunks" content='{"base":"/assets/","files":["profile-page-….js",…],"texts":{"en":i,"fr":j},
 * "routes":[["/profile/events/:eventUuid",[i,…],1],…]}'>` (`1`: the route's screen loads the screens' texts).
 * The boot script preloads them with the entry (app-scripts.ts); Vite's loader then finds the links already in the
 * page and adds none of its own.
 */

import { STORAGE_KEYS } from '@evmap/contract/constants';
import { pickLang } from '../i18n/pick-lang';

/** Written by the build (`ROUTE_CHUNKS_META` of scripts/route-chunks.ts). */
export const ROUTE_CHUNKS_META = 'evm-route-chunks';

type RouteChunks = {
  base: string;
  files: string[];
  texts: Record<string, number>;
  routes: Array<[string, number[], 0 | 1]>;
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

/** The scripts and stylesheets of the page's screen (and its texts), from the meta; none when there is no meta. */
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
  const route = routeOf(table.routes, pathname);
  if (!route) return none;
  const [, indexes, withTexts] = route;
  const textsIndex = table.texts[lang];
  const urls = [...indexes, ...(withTexts && textsIndex !== undefined ? [textsIndex] : [])]
    .map((index) => table.files[index])
    .filter((file): file is string => typeof file === 'string')
    .map((file) => `${table.base}${file}`);
  return { scripts: urls.filter((url) => !url.endsWith('.css')), styles: urls.filter((url) => url.endsWith('.css')) };
}
