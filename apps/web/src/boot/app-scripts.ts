/**
 * The app's own scripts, started by the boot script (inlined into index.html) instead of a `<script type="module">`
 * in <head>: on the map pages the preview's largest tiles (the page's largest contentful paint) download first,
 * without sharing a slow connection with ~180 KB of JavaScript, and the app's scripts follow as soon as those tiles
 * are there (or failed, or after `APP_SCRIPTS_MAX_WAIT_MS`). Every other page starts them at once.
 *
 * The build (scripts/deferred-app-scripts.ts) moves the entry script and its module preloads into a meta element:
 * `<meta name="evm-app-scripts" content="/assets/index-….js /assets/chunk-….js …">`, the entry first. In development
 * there is no such meta and Vite's module script stays in the page.
 */

import { bootLang, routeFiles } from './route-chunks';

/** Written by the build (`APP_SCRIPTS_META` of scripts/deferred-app-scripts.ts). */
export const APP_SCRIPTS_META = 'evm-app-scripts';

/** The longest the app's scripts wait for the preview's tiles (a slow or stalled tile server). */
export const APP_SCRIPTS_MAX_WAIT_MS = 2000;

/** How many preloads the boot script adds per task: each costs about a millisecond of a phone's main thread. */
export const PRELOADS_PER_TASK = 6;

/**
 * Adds the entry module script named by the meta, then a preload for each chunk it imports, for the shell's texts of
 * the page's language and for each file of the page's own screen (route-chunks.ts), once; the meta is removed so a
 * second call does nothing. The preloads go in tasks of `PRELOADS_PER_TASK`: starting a module preload takes the
 * browser about a millisecond on a phone, so the seventy of an organiser's screen in one go were a long task, which
 * came before the first paint. False when there is no meta (development) or it was used already.
 */
export function loadAppScripts(doc: Document = document): boolean {
  const meta = doc.querySelector(`meta[name="${APP_SCRIPTS_META}"]`);
  if (!meta) return false;
  const [entry, ...chunks] = (meta.getAttribute('content') ?? '').split(/\s+/).filter(Boolean);
  meta.remove();
  if (!entry) return false;
  const script = doc.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  doc.head.appendChild(script);
  // The page's texts and its own screen download with the entry, not after it has run.
  const route = routeFiles(doc, doc.location?.pathname ?? '/', bootLang(doc));
  const links: Array<{ href: string; rel: string; as?: string }> = [
    ...[...chunks, ...route.scripts].map((href) => ({ href, rel: 'modulepreload' })),
    ...route.styles.map((href) => ({ href, rel: 'preload', as: 'style' })),
  ];
  const addSome = () => {
    for (const { href, rel, as } of links.splice(0, PRELOADS_PER_TASK)) {
      const link = doc.createElement('link');
      link.rel = rel;
      if (as) link.as = as;
      link.crossOrigin = '';
      link.href = href;
      doc.head.appendChild(link);
    }
    if (links.length > 0) setTimeout(addSome, 0);
  };
  addSome();
  return true;
}

/**
 * Loads the app's scripts once every image of `images` has loaded or failed, or after `maxWaitMs`, whichever comes
 * first; at once when `images` is empty.
 */
export function loadAppScriptsAfter(
  images: readonly HTMLImageElement[],
  doc: Document = document,
  maxWaitMs = APP_SCRIPTS_MAX_WAIT_MS,
): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    loadAppScripts(doc);
  };
  // Whatever happens here, the app must start.
  try {
    let waiting = images.filter((image) => !image.complete).length;
    if (waiting === 0) {
      start();
      return;
    }
    const settled = () => {
      waiting -= 1;
      if (waiting === 0) start();
    };
    for (const image of images) {
      if (image.complete) continue;
      image.addEventListener('load', settled, { once: true });
      image.addEventListener('error', settled, { once: true });
    }
    setTimeout(start, maxWaitMs);
  } catch {
    start();
  }
}
