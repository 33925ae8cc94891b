import AxeBuilder from '@axe-core/playwright';
import { CATEGORIES } from '@evmap/contract/globals';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ TILE_URL: '/test-tiles/{z}/{x}/{y}.png', TILE_ATTRIBUTION: 'Test tiles &copy; EventMap' }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('home', () => {
  it('shows the product, the map and the categories from the API, without any error', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${server.url}/`);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('EventMap');
    await page.getByRole('region', { name: 'Map of events' }).waitFor();
    const picker = page.getByRole('radiogroup', { name: 'Category' });
    await picker.getByRole('radio', { name: CATEGORIES[0]!.titleEn }).waitFor({ state: 'attached' });
    const names = await picker
      .getByRole('radio')
      .evaluateAll((inputs) => inputs.map((input) => document.querySelector(`label[for="${input.id}"]`)?.textContent));
    expect(names).toEqual(['All categories', ...CATEGORIES.map((c) => c.titleEn)]);
    // Tiles and their credit come from the server's TILE_URL and TILE_ATTRIBUTION.
    await page.locator('img.leaflet-tile[src^="/test-tiles/8/"]').first().waitFor({ state: 'attached' });
    await page.getByText('Test tiles © EventMap').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // The stylesheet preloaded without blocking the boot screen is in force, and the boot screen is gone.
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-blue-6').trim(),
    );
    expect(primary).not.toBe('');
    expect(await page.locator('.boot').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('has no accessibility violations', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${server.url}/`);
    await page.getByRole('radiogroup', { name: 'Category' }).getByRole('radio').nth(1).waitFor({ state: 'attached' });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
    await close();
  });

  it("says so when the map's code cannot be loaded, and keeps the rest of the page", async () => {
    const { page, close } = await openPage(browser);
    await page.route(/\/assets\/map-screen-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${server.url}/`);
    await page.getByText('The map could not be shown.').waitFor();
    await page.getByRole('heading', { name: 'EventMap', level: 1 }).waitFor();
    await close();
  });

  it('shows only 404 on an unknown route', async () => {
    const { page, errors, close } = await openPage(browser);
    const response = await page.goto(`${server.url}/does-not-exist`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: '404' }).waitFor();

    // biome-ignore lint/performance/useDomNodeTextContent: the spec constrains the visible text, not the DOM text.
    expect((await page.locator('body').innerText()).trim()).toBe('404');
    expect(errors).toEqual([]);
    await close();
  });

  it('switches between English and French at once and remembers the choice', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${server.url}/`);
    await page.getByText('Find events near you').waitFor();
    // A first visit: the cookie banner is shown, yet the page ends above it, so the footer's switch can be pressed.
    const banner = page.getByRole('region', { name: 'Your privacy' });
    await banner.waitFor();
    const toFrench = page.getByRole('contentinfo').getByRole('button', { name: 'Français' });
    // The landing's details load as the page is scrolled and push the footer down: wait for them, so the click
    // below cannot land where the switch was a moment before (seen once on a loaded machine).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('heading', { name: 'Real-time updates' }).waitFor();
    await page.locator('figure blockquote').first().waitFor();
    await expect
      .poll(async () => {
        // At the very end of the page (the landing's details load on the way and make it longer).
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const [button, cover] = [await toFrench.boundingBox(), await banner.boundingBox()];
        return button && cover ? button.y + button.height <= cover.y : false;
      })
      .toBe(true);
    await toFrench.click();
    await page.getByText('Trouvez des événements').waitFor();
    // The banner is still there (in French now) and answered at last.
    await page.getByRole('region', { name: 'Votre vie privée' }).getByRole('button', { name: 'Accepter' }).click();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('radio', { name: CATEGORIES[0]!.titleFr }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => localStorage.getItem('evmap.lang'))).toBe('fr');
    // A configured tile credit is shown as it is in both languages.
    await page.getByText('Test tiles © EventMap').waitFor();
    await page.getByRole('button', { name: 'Zoom avant' }).waitFor();

    await page.reload();
    await page.getByText('Trouvez des événements').waitFor();

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('Find events near you').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('evmap.lang'))).toBe('en');
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the location card over the map: it scrolls away with it, off the landing text', async () => {
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/`);
    const card = page.getByRole('dialog', { name: 'Use your location?' });
    await card.waitFor();
    const before = (await card.boundingBox())!;
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    const after = (await card.boundingBox())!;
    expect(after.y).toBeCloseTo(before.y - 400, 0);
    const hero = (await page.getByText('Find events near you').boundingBox())!;
    expect(after.y + after.height).toBeLessThan(hero.y);
    expect(errors).toEqual([]);
    await close();
  });

  it('starts in French for a French-speaking browser with no stored choice', async () => {
    const { page, errors, close } = await openPage(browser, { locale: 'fr-CA' });
    await page.goto(`${server.url}/`);
    await page.getByText('Trouvez des événements').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.evaluate(() => localStorage.getItem('evmap.lang'))).toBeNull();
    expect(errors).toEqual([]);
    await close();
  });
});
