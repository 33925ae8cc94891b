/**
 * The home's list view (issue 24) as a visitor walks it, on the demo events (Montréal every day): reached from the
 * skip link with the keyboard alone, switched to and back with the browser's history, an event opened from the list
 * and the focus back on its link, in English and French, with axe.
 */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, dayFromToday, verifiedOrganisation } from './support/api';
import { settledStorage } from './support/app-state';
import { axeViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

/** A visitor whose remembered location is downtown Montréal (the list shows the area the map would open on). */
const inMontreal = () =>
  settledStorage({
    [STORAGE_KEYS.location]: JSON.stringify({
      location: { lat: 45.5017, lng: -73.5673 },
      date: new Date().toISOString(),
    }),
  });

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_DATA: '1' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the list view', () => {
  it('is reached from the skip link with the keyboard alone, opens an event and gives its link the focus back', async () => {
    const { page, errors, close } = await openPage(browser, { storage: inMontreal() });
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    // The page's first Tab stop.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the list of events' });
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/?view=list`);
    const heading = page.getByRole('heading', { name: 'Events in this area', level: 2 });
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^\d+ events?$/);
    expect(await page.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');

    // Tab from the heading reaches the first event's link; Enter opens it over the list.
    const list = page.getByRole('region', { name: 'Events in this area' });
    const first = list.getByRole('link').first();
    const title = (await first.locator('p').first().textContent())!;
    await page.keyboard.press('Tab');
    await expect.poll(() => first.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading').first().waitFor();
    expect(page.url()).toMatch(/\/events\/[^/?]+\?view=list$/);
    expect(await modal.textContent()).toContain(title);
    await page.keyboard.press('Escape');
    await page.waitForURL(`${server.url}/?view=list`);
    await expect.poll(() => first.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('is switched to and back with the browser, in French, with no serious accessibility violation', async () => {
    const { page, errors, close } = await openPage(browser, {
      storage: { ...inMontreal(), [STORAGE_KEYS.lang]: 'fr' },
      locale: 'fr-CA',
    });
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    await page.getByRole('button', { name: 'Liste' }).click();
    await page.waitForURL(`${server.url}/?view=list`);
    const list = page.getByRole('region', { name: 'Événements dans ce secteur' });
    await list.getByRole('link').first().waitFor();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^\d+ événements?$/);
    // Every item says when it starts, in French.
    expect(await list.getByRole('link').first().textContent()).toMatch(/\d+ h \d{2}|Commencé plus tôt/);
    expect(await axeViolations(page)).toEqual([]);

    // Back: the map again; forward: the list.
    await page.goBack();
    await page.waitForURL(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    expect(await page.getByRole('button', { name: 'Carte' }).getAttribute('aria-pressed')).toBe('true');
    await page.goForward();
    await list.getByRole('link').first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('opens from a shared link', async () => {
    const { page, errors, close } = await openPage(browser, { storage: inMontreal() });
    await page.goto(`${server.url}/?view=list`);
    const list = page.getByRole('region', { name: 'Events in this area' });
    await list.getByRole('link').first().waitFor();
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('finds "theatre" and "théâtre" alike, and filters on an accessibility attribute', async () => {
    // Two events of an organisation in Montréal tomorrow: a play with ASL interpretation, and a concert.
    const organisation = await verifiedOrganisation(server, 'Salle du Plateau');
    const day = dayFromToday(1);
    const suffix = Date.now().toString(36);
    const create = (titleFr: string, titleEn: string, features: string[]) =>
      apiCall(
        server,
        'POST',
        '/connected/events',
        {
          titleFr,
          titleEn,
          categoryId: 1,
          address: '1 rue Sainte-Catherine',
          city: 'Montréal',
          state: 'QC',
          latitude: 45.508,
          longitude: -73.566,
          dates: [{ startDate: `${day} 19:00:00`, endDate: `${day} 21:00:00` }],
          accessibility: { stepFree: null, features },
        },
        organisation.jwt,
      );
    await create(`Pièce de théâtre ${suffix}`, `Theatre play ${suffix}`, ['asl']);
    await create(`Concert ${suffix}`, `Concert ${suffix}`, []);

    const { page, errors, close } = await openPage(browser, { storage: inMontreal() });
    await page.goto(`${server.url}/?view=list`);
    const list = page.getByRole('region', { name: 'Events in this area' });
    await list.getByRole('link').first().waitFor();
    // Tomorrow: after "Now" and "Today".
    const days = page.getByRole('radiogroup', { name: 'Day' }).getByRole('radio');
    await page.locator(`label[for="${await days.nth(2).getAttribute('id')}"]`).click();
    await list.getByRole('link', { name: new RegExp(`Concert ${suffix}`) }).waitFor();

    const search = page.getByRole('searchbox', { name: 'Search events' });
    // The play is found by either spelling (the demo's humour show in a Sherbrooke theatre may be too); the concert
    // is not.
    const titles = () => list.getByRole('link').allTextContents();
    for (const words of ['theatre', 'théâtre', 'THEATRE']) {
      await search.fill(words);
      const found = async () => {
        const list = await titles();
        return {
          play: list.some((text) => text.includes(`Theatre play ${suffix}`)),
          concert: list.some((text) => text.includes(`Concert ${suffix}`)),
        };
      };
      await expect.poll(found, { timeout: 10_000 }).toEqual({ play: true, concert: false });
    }
    await search.fill('');
    await list.getByRole('link', { name: new RegExp(`Concert ${suffix}`) }).waitFor();

    // ASL interpretation: the play stays, the concert goes.
    await page.getByText('Accessibility filters').click();
    await page.getByRole('checkbox', { name: 'ASL interpretation' }).check();
    await expect
      .poll(() => list.getByRole('link').allTextContents(), { timeout: 10_000 })
      .toContainEqual(expect.stringContaining(`Theatre play ${suffix}`));
    expect(await list.getByRole('link', { name: new RegExp(`Concert ${suffix}`) }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
