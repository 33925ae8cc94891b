/**
 * The accessibility sweep (issue 21): every screen of a role, in one language and one viewport, each checked by axe
 * once its data has loaded and its transitions have ended. A sweep goes on after a failing screen, so one run lists
 * every violation (and every screen it could not reach) at once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { openPage } from './browser';
import { REPO_ROOT } from './paths';

export type Lang = 'en' | 'fr';
export const LANGS: Lang[] = ['en', 'fr'];

/** The two sizes every screen is checked at: a phone and a laptop. */
export const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** Every language and viewport, as `[label, lang, viewport]` rows for `it.each`. */
export const COMBINATIONS = LANGS.flatMap((lang) =>
  VIEWPORTS.map(
    ({ name, viewport }) => [`${lang}, ${name} ${viewport.width}×${viewport.height}`, lang, viewport] as const,
  ),
);

type Tree = { [key: string]: string | Tree };
const load = (file: string) => JSON.parse(readFileSync(`${REPO_ROOT}/apps/web/src/i18n/${file}`, 'utf8')) as Tree;
/** The shell's texts and every pack of the screens' (apps/web/src/i18n/screens.ts). */
const packs = readdirSync(`${REPO_ROOT}/apps/web/src/i18n/screens`);
const resources: Record<Lang, Tree[]> = {
  en: [load('en.json'), ...packs.map((pack) => load(`screens/${pack}/en.json`))],
  fr: [load('fr.json'), ...packs.map((pack) => load(`screens/${pack}/fr.json`))],
};

/**
 * A text of the web app in `lang`, by its key (`profile.plan.later`), with the app's `{{name}}` values and its
 * plural forms (`key_one`, `key_other`, chosen by `count`), so the sweep finds the same buttons in both languages.
 */
export function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const plural =
    typeof values.count === 'number' ? `${key}_${new Intl.PluralRules(lang).select(values.count)}` : undefined;
  for (const tree of resources[lang]) {
    for (const candidate of [plural, key]) {
      if (!candidate) continue;
      const found = candidate
        .split('.')
        .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
      if (typeof found === 'string') {
        return found.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(values[name] ?? `{{${name}}}`));
      }
    }
  }
  throw new Error(`no text ${key} in ${lang}`);
}

/** One thing to check: `show` brings it on screen (navigating, opening a dialog) and waits until it is complete. */
export type Screen = { name: string; show: (page: Page, lang: Lang) => Promise<void> };

/**
 * Waits until nothing on the page is loading any more: no spinner, no busy table. A button's own spinner does not
 * count: a button waits while its confirmation dialog is open.
 */
export async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const visible = (element: Element) =>
      (element as HTMLElement).offsetParent !== null && element.closest('button') === null;
    return (
      !Array.from(document.querySelectorAll('.mantine-Loader-root')).some(visible) &&
      document.querySelector('[aria-busy="true"]') === null &&
      // No transition half-way (a dialog fading in over its overlay has colours no one reads): axe would measure
      // the contrast of a frame. Endless animations (a pulsing button) never settle and do not count.
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
        )
    );
  });
}

/** Goes to `path` of the app and waits for the page heading (level 1) `title`. */
export async function visit(page: Page, path: string, title: string): Promise<void> {
  await page.goto(new URL(path, page.url()).href);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

/** Opens the dialog named `title` with `open`, and waits for it. */
export async function dialogOf(page: Page, title: string, open: () => Promise<unknown>): Promise<void> {
  await open();
  await page.getByRole('dialog', { name: title }).waitFor();
}

/** Closes the open confirmation dialog with its cancel button, so the next screen starts clean. */
export async function cancelDialog(page: Page, lang: Lang): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: text(lang, 'common.cancel'), exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

export type SweepOptions = {
  origin: string;
  lang: Lang;
  viewport: { width: number; height: number };
  /** Local storage before the first page (the language is added). */
  storage: Record<string, string>;
  screens: Screen[];
};

/**
 * Opens one browser context (one role, one language, one viewport), shows each screen in turn and returns the
 * serious and critical axe violations as `screen: rule: targets` lines, plus a line for each screen that could not
 * be shown (the rest of the sweep goes on from a fresh page).
 */
export async function sweep(browser: Browser, options: SweepOptions): Promise<string[]> {
  const { page, close } = await openPage(browser, {
    viewport: options.viewport,
    locale: options.lang === 'fr' ? 'fr-CA' : 'en-CA',
    // The theme honours reduced motion: dialogs appear at once, in the colours axe must read.
    reducedMotion: 'reduce',
    storage: { ...options.storage, [STORAGE_KEYS.lang]: options.lang },
  });
  // A screen that does not come is reported after 15 s, and the sweep goes on.
  page.setDefaultTimeout(15_000);
  const found: string[] = [];
  try {
    await page.goto(`${options.origin}/`);
    for (const screen of options.screens) {
      const started = Date.now();
      try {
        await screen.show(page, options.lang);
        await loaded(page);
      } catch (error) {
        found.push(`${screen.name}: not shown (${String((error as Error).message).split('\n')[0]})`);
        continue;
      }
      for (const violation of await axeViolations(page, undefined, { details: true, ownContrast: true })) {
        found.push(`${screen.name}: ${violation}`);
      }
      // SWEEP_VERBOSE=1: how long each screen took (shown and checked), to see where a slow sweep spends its time.
      if (process.env.SWEEP_VERBOSE) {
        process.stdout.write(
          `[sweep] ${options.lang} ${options.viewport.width}: ${screen.name} ${Date.now() - started} ms\n`,
        );
      }
    }
  } finally {
    await close();
  }
  return found;
}

/** The settings screens every signed-in person has (the account page is not a viewer's and an organiser's alike). */
export const settingsScreens: Screen[] = [
  { name: '/profile/me', show: (page, lang) => visit(page, '/profile/me', text(lang, 'pages.settings')) },
  {
    name: '/profile/me/contact',
    show: (page, lang) => visit(page, '/profile/me/contact', text(lang, 'pages.contact')),
  },
  {
    name: '/profile/me/password',
    show: (page, lang) => visit(page, '/profile/me/password', text(lang, 'pages.password')),
  },
  {
    name: '/profile/me/deletion',
    show: (page, lang) => visit(page, '/profile/me/deletion', text(lang, 'pages.deletion')),
  },
  {
    name: '/profile/me/deletion, confirmation',
    show: (page, lang) =>
      dialogOf(page, text(lang, 'deletion.confirmTitle'), () =>
        page.getByRole('button', { name: text(lang, 'deletion.button') }).click(),
      ),
  },
];
