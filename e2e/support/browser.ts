/** Real headless Chromium through playwright-core, and pages that record what goes wrong in them. */
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { resolveChromium } from './chromium';

/** The flags of every Chromium the tests and benchmarks start (no sandbox in containers, nothing phoning home). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Launches Chromium: CHROME_PATH, the system's, or the packaged one (support/chromium.ts). */
export async function launchBrowser(): Promise<Browser> {
  const install = await resolveChromium();
  return chromium.launch({
    executablePath: install.executablePath,
    env: { ...process.env, ...install.env },
    headless: true,
    args: CHROMIUM_FLAGS,
  });
}

export type WatchedPage = {
  page: Page;
  /** Console errors and uncaught exceptions seen so far, in order. */
  errors: string[];
  close: () => Promise<void>;
};

export type PageOptions = BrowserContextOptions & {
  /** Local storage of the app's origin before its first script runs (set once per tab, not on reloads). */
  storage?: Record<string, string>;
};

/** A 1×1 light grey PNG, served for every map tile. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8+/+/PQAJewPbkJJbFQAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens a page in a fresh context (empty storage) that collects console errors and page errors. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<WatchedPage> {
  const { storage, ...contextOptions } = options;
  const context = await browser.newContext({ locale: 'en-CA', ...contextOptions });
  // Map tiles never reach the internet: every tile (OpenStreetMap's, or a server's TILE_URL under /test-tiles/)
  // is a blank PNG.
  await context.route(/^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\/|\/test-tiles\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
  if (storage) {
    await context.addInitScript((values: Record<string, string>) => {
      if (!window.location.protocol.startsWith('http') || window.sessionStorage.getItem('e2e.seeded')) return;
      window.sessionStorage.setItem('e2e.seeded', '1');
      for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
    }, storage);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.stack ?? error.message}`));
  return { page, errors, close: () => context.close() };
}
