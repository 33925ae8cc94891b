import { COOKIE_BANNER, INSTALL_BANNER, STORAGE_KEYS } from '@evmap/contract/constants';
import { type Browser, devices, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledStorage } from './support/app-state';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = new Date('2026-11-21T15:00:00Z').getTime();

const stored = (page: Page, key: string) =>
  page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? 'null') as unknown, key);

/** Opens the home page (again) and waits until it has rendered. */
async function openHome(page: Page) {
  await page.goto(`${server.url}/`);
  await page.getByRole('heading', { name: 'EventMap', level: 1 }).waitFor();
}

describe('cookie banner', () => {
  it('comes back 24 hours after a refusal, never after an acceptance, and again for a new version', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.clock.install({ time: T0 });
    const banner = page.getByRole('region', { name: 'Your privacy' });

    await openHome(page);
    await banner.getByRole('button', { name: 'Decline' }).click();
    await banner.waitFor({ state: 'hidden' });
    expect(await stored(page, STORAGE_KEYS.cookies)).toMatchObject({ version: COOKIE_BANNER.version, accepted: false });

    await page.clock.setSystemTime(T0 + 23 * HOUR);
    await openHome(page);
    expect(await banner.count()).toBe(0);

    await page.clock.setSystemTime(T0 + 24 * HOUR + MINUTE);
    await openHome(page);
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'hidden' });
    expect(await stored(page, STORAGE_KEYS.cookies)).toMatchObject({ version: COOKIE_BANNER.version, accepted: true });

    await page.clock.setSystemTime(T0 + 400 * DAY);
    await openHome(page);
    expect(await banner.count()).toBe(0);

    // An answer to another version of the banner does not count.
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [STORAGE_KEYS.cookies, JSON.stringify({ version: '0.9.0', accepted: true, date: T0 })],
    );
    await openHome(page);
    await banner.waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('is in the language of the page and links to the privacy policy', async () => {
    const { page, close } = await openPage(browser, { locale: 'fr-CA' });
    await page.goto(`${server.url}/`);
    const banner = page.getByRole('region', { name: 'Votre vie privée' });
    await banner.waitFor();
    expect(await banner.getByRole('link', { name: 'Politique de confidentialité' }).getAttribute('href')).toBe(
      '/legals/policy/policy-fr.pdf',
    );
    await close();
  });
});

describe('install banner', () => {
  const mobile = devices['Pixel 7'];

  /** A browser that visited once before: this visit is its second. */
  const secondVisit = () => settledStorage({ [STORAGE_KEYS.visits]: '1' });

  it('waits for the second visit', async () => {
    const { page, errors, close } = await openPage(browser, { ...mobile, storage: settledStorage() });
    await page.clock.install({ time: T0 });
    await openHome(page);
    await page.clock.runFor(3 * INSTALL_BANNER.delayMs);
    expect(await page.getByRole('region', { name: 'Install EventMap' }).count()).toBe(0);
    // Reloads are the same visit.
    await openHome(page);
    await page.clock.runFor(3 * INSTALL_BANNER.delayMs);
    expect(await page.getByRole('region', { name: 'Install EventMap' }).count()).toBe(0);
    expect(await stored(page, STORAGE_KEYS.visits)).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('appears 3 seconds after the page opens on a mobile browser; a dismissal is remembered 7 days', async () => {
    const { page, errors, close } = await openPage(browser, { ...mobile, storage: secondVisit() });
    await page.clock.install({ time: T0 });
    await page.clock.pauseAt(T0 + 1_000);
    const banner = page.getByRole('region', { name: 'Install EventMap' });

    await openHome(page);
    await page.clock.runFor(INSTALL_BANNER.delayMs - 100);
    expect(await banner.count()).toBe(0);
    await page.clock.runFor(200);
    await banner.waitFor();
    // Without a browser install prompt (as here), the banner says how to install from the browser menu.
    await banner.getByText('open your browser menu').waitFor();
    await banner.getByRole('button', { name: 'Not now' }).click();
    await banner.waitFor({ state: 'hidden' });
    const dismissal = (await stored(page, STORAGE_KEYS.installBanner)) as { version: string; dismissedAt: number };
    expect(dismissal.version).toBe(INSTALL_BANNER.version);

    await page.clock.setSystemTime(dismissal.dismissedAt + 7 * DAY - HOUR);
    await openHome(page);
    await page.clock.runFor(2 * INSTALL_BANNER.delayMs);
    expect(await banner.count()).toBe(0);

    await page.clock.setSystemTime(dismissal.dismissedAt + 7 * DAY + HOUR);
    await openHome(page);
    await page.clock.runFor(INSTALL_BANNER.delayMs + 100);
    await banner.waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('explains the Share menu on an iPhone', async () => {
    const { page, close } = await openPage(browser, { ...devices['iPhone 15'], storage: secondVisit() });
    await page.clock.install({ time: T0 });
    await openHome(page);
    await page.clock.runFor(INSTALL_BANNER.delayMs + 100);
    await page.getByRole('region', { name: 'Install EventMap' }).getByText('tap the Share button').waitFor();
    await close();
  });

  it('never appears on a desktop browser, nor inside the installed app', async () => {
    const desktop = await openPage(browser, { storage: secondVisit() });
    const installed = await openPage(browser, { ...mobile, storage: secondVisit() });
    await installed.page.addInitScript(() => {
      Object.defineProperty(window.navigator, 'standalone', { get: () => true });
    });
    for (const { page } of [desktop, installed]) {
      await page.clock.install({ time: T0 });
      await openHome(page);
      await page.clock.runFor(3 * INSTALL_BANNER.delayMs);
      expect(await page.getByRole('region', { name: 'Install EventMap' }).count()).toBe(0);
    }
    await desktop.close();
    await installed.close();
  });
});

describe("a phone's first visit", () => {
  it.each([
    ['en', 'Your privacy', 'Accept', 'Use your location?', 'Not now', 'Category'],
    ['fr', 'Votre vie privée', 'Accepter', 'Utiliser votre position ?', 'Pas maintenant', 'Catégorie'],
  ] as const)(
    'shows one overlay at a time, the cookie banner first (%s)',
    async (lang, privacy, accept, location, later, categories) => {
      const { page, errors, close } = await openPage(browser, {
        ...devices['Pixel 7'],
        locale: lang === 'fr' ? 'fr-CA' : 'en-CA',
      });
      await page.clock.install({ time: T0 });
      await page.goto(`${server.url}/`);
      const banner = page.getByRole('region', { name: privacy });
      const prompt = page.getByRole('dialog', { name: location });
      await banner.waitFor();
      await page.clock.runFor(3 * INSTALL_BANNER.delayMs);
      expect(await prompt.count()).toBe(0);
      expect(await page.getByRole('region', { name: /Install EventMap|Installer EventMap/ }).count()).toBe(0);

      await banner.getByRole('button', { name: accept, exact: true }).click();
      await prompt.waitFor();
      expect(await banner.count()).toBe(0);
      await prompt.getByRole('button', { name: later }).click();
      await prompt.waitFor({ state: 'hidden' });
      // Nothing left over the map: the categories can be chosen.
      const radio = page.getByRole('radiogroup', { name: categories }).getByRole('radio').nth(1);
      // A tap on its label, as a finger does (Playwright refuses it while an overlay covers the label).
      await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
      expect(await radio.isChecked()).toBe(true);
      expect(errors).toEqual([]);
      await close();
    },
  );
});
