/** Real headless Chromium through playwright-core, and pages that record what goes wrong in them. */
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

/** Launches Chromium from CHROME_PATH, or /usr/bin/chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export type WatchedPage = {
  page: Page;
  /** Console errors and uncaught exceptions seen so far, in order. */
  errors: string[];
  close: () => Promise<void>;
};

/** Opens a page in a fresh context (empty storage) that collects console errors and page errors. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ locale: 'en-CA', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.stack ?? error.message}`));
  return { page, errors, close: () => context.close() };
}
