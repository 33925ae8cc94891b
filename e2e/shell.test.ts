import AxeBuilder from '@axe-core/playwright';
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupByApi, uniqueEmail } from './support/api';
import { settledStorage, signedInStorage } from './support/app-state';
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

/** Width and height of a PNG, read from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('language', () => {
  it('prefers the stored choice to the browser language', async () => {
    const { page, close } = await openPage(browser, { locale: 'fr-CA', storage: { [STORAGE_KEYS.lang]: 'en' } });
    await page.goto(`${server.url}/`);
    await page.getByText('Find events near you').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await close();
  });

  it('falls back to English for a browser language the app does not speak', async () => {
    const { page, close } = await openPage(browser, { locale: 'de-DE' });
    await page.goto(`${server.url}/`);
    await page.getByText('Find events near you').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.lang)).toBeNull();
    await close();
  });

  it('switches every part of the shell at once, dialogs included', async () => {
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Français' }).click();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Carte' })
      .waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: "Conditions d'utilisation" }).waitFor();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('button', { name: 'Profil' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Se connecter' });
    await dialog.getByRole('button', { name: 'Se connecter' }).click();
    await dialog.getByText('Le champ Courriel est obligatoire').waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});

describe('header', () => {
  it('names the account button by the initials it shows (label in name), in both languages', async () => {
    const viewer = await signupByApi(server, { type: 'viewer', email: uniqueEmail('initials'), name: 'Ada Lovelace' });
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(viewer.jwt) });
    await page.goto(`${server.url}/profile`);
    const button = page.getByRole('button', { name: 'AL, account menu', exact: true });
    expect(await button.textContent()).toBe('AL');
    const mismatches = async () =>
      (
        await new AxeBuilder({ page })
          .include('header')
          .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
          .analyze()
      ).violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`);
    expect(await mismatches()).toEqual([]);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'AL, menu du compte', exact: true }).waitFor();
    expect(await mismatches()).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('footer', () => {
  it('links the privacy policy and terms of use PDFs of the current language, and the contact address', async () => {
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    // An event page that stays open: its event is still loading (a broken link would return to /).
    await page.route('**/api/v1/public/events/handle-or-uuid/**', () => undefined);
    await page.goto(`${server.url}/events/anything`);
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/legals/policy/policy-en.pdf',
    );
    expect(await footer.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe(
      '/legals/terms/terms-en.pdf',
    );
    expect(await footer.getByRole('link', { name: 'contact@evmap.ca' }).getAttribute('href')).toBe(
      'mailto:contact@evmap.ca',
    );
    // Social links are on the home page only.
    expect(await footer.getByRole('link', { name: /EventMap on/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Français' }).click();
    expect(await footer.getByRole('link', { name: 'Politique de confidentialité' }).getAttribute('href')).toBe(
      '/legals/policy/policy-fr.pdf',
    );
    await close();
  });

  it('serves a real PDF for each document and language', async () => {
    for (const document of ['policy', 'terms']) {
      for (const lang of ['fr', 'en']) {
        const response = await fetch(`${server.url}/legals/${document}/${document}-${lang}.pdf`);
        expect(response.status, `${document}-${lang}`).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(bytes.length).toBeGreaterThan(3_000);
      }
    }
  });

  it('shows Facebook, TikTok and Instagram on the home page, opening in a new tab', async () => {
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/`);
    const social = page.getByRole('contentinfo').getByRole('link', { name: /EventMap on/ });
    await social.first().waitFor();
    expect(await social.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')))).toEqual([
      'EventMap on Facebook (opens in a new tab)',
      'EventMap on TikTok (opens in a new tab)',
      'EventMap on Instagram (opens in a new tab)',
    ]);
    expect(await social.evaluateAll((links) => links.map((link) => link.getAttribute('target')))).toEqual([
      '_blank',
      '_blank',
      '_blank',
    ]);
    await close();
  });
});

describe('installable app', () => {
  it('has a web manifest with a name and icons that exist', async () => {
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(new URL(href!, server.url))).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({ name: 'EventMap', short_name: 'EventMap', start_url: '/', display: 'standalone' });
    for (const icon of manifest.icons.filter((entry) => entry.type === 'image/png')) {
      const response = await fetch(new URL(icon.src, server.url));
      expect(response.status, icon.src).toBe(200);
      const [width, height] = pngSize(Buffer.from(await response.arrayBuffer()));
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    expect(manifest.icons.some((icon) => icon.sizes === '512x512')).toBe(true);
    await close();
  });

  it('opens its shell offline once the service worker has installed it', async () => {
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/`);
    await page.getByText('Find events near you').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await page.context().setOffline(true);
    await page.goto(`${server.url}/profile/me`);
    await page.reload();
    await page.getByRole('heading', { name: 'EventMap', level: 1 }).waitFor();
    await page.getByText('Find events near you').waitFor();
    await page.context().setOffline(false);
    await close();
  });
});

describe('first load', () => {
  it('downloads less than 200 KB of JavaScript (compressed) for the home page', async () => {
    const { page, close } = await openPage(browser, { storage: settledStorage(), serviceWorkers: 'block' });
    await page.goto(`${server.url}/`);
    await page.getByRole('radiogroup', { name: 'Category' }).getByRole('radio').nth(1).waitFor({ state: 'attached' });
    // The first load is the entry script and what index.html preloads with it; the map screen
    // (Leaflet, clusters, pickers), the event modal and the landing details load lazily after it.
    const scripts = await page.evaluate(async () => {
      // As served (the page itself adds preload links for lazy chunks at run time).
      const html = await (await fetch('/', { cache: 'no-store' })).text();
      const initial = new Set(Array.from(html.matchAll(/(?:src|href)="([^"]+\.js)"/g), (match) => match[1]));
      return performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .map((entry) => ({ name: new URL(entry.name).pathname, bytes: entry.encodedBodySize }))
        .filter((entry) => initial.has(entry.name));
    });
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(scripts.some((script) => script.name.includes('auth-dialog'))).toBe(false);
    expect(total, JSON.stringify(scripts)).toBeLessThan(200 * 1024);
    await close();
  });
});
