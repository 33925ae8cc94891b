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
  it('opens its search and filters styled on a phone, on a first visit that loaded no other screen', async () => {
    const { page, errors, close } = await openPage(browser, {
      storage: inMontreal(),
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    await page.getByRole('button', { name: 'Search and filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Search and filters' });
    // Unstyled, the dropdown sat unpositioned at the foot of the page, below the map.
    await expect.poll(() => filters.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
    const box = await filters.boundingBox();
    expect(box && box.y >= 0 && box.y < 844).toBe(true);
    await expect.poll(() => filters.getByRole('searchbox').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

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

  it('shows what is on now, and narrows the map with "Rechercher et filtrer", in French', async () => {
    // In Montréal: a xylophone workshop under way (began an hour ago, ends in two), a concert in five hours.
    const organisation = await verifiedOrganisation(server, 'Atelier du Mile End');
    const suffix = Date.now().toString(36);
    const create = (title: string, from: number, to: number) =>
      apiCall(
        server,
        'POST',
        '/connected/events',
        {
          titleFr: title,
          titleEn: title,
          categoryId: 1,
          address: '5 avenue du Parc',
          city: 'Montréal',
          state: 'QC',
          latitude: 45.512,
          longitude: -73.574,
          dates: [{ startDate: montrealTime(from), endDate: montrealTime(to) }],
        },
        organisation.jwt,
      );
    const workshop = `Atelier de xylophone ${suffix}`;
    const concert = `Concert du soir ${suffix}`;
    await create(workshop, -60, 120);
    await create(concert, 300, 360);

    const { page, errors, close } = await openPage(browser, {
      storage: { ...inMontreal(), [STORAGE_KEYS.lang]: 'fr' },
      locale: 'fr-CA',
    });
    await page.goto(`${server.url}/?view=list`);
    const list = page.getByRole('region', { name: 'Événements dans ce secteur' });
    await list.getByRole('link').first().waitFor();
    // "Now" comes before today.
    const days = page.getByRole('radiogroup', { name: 'Jour' }).getByRole('radio');
    await page.locator(`label[for="${await days.nth(0).getAttribute('id')}"]`).click();
    await list.getByRole('link', { name: new RegExp(workshop) }).waitFor();
    expect(await list.getByRole('link', { name: new RegExp(concert) }).count()).toBe(0);

    // The map keeps the day; its own search narrows the markers to the workshop.
    await page.getByRole('button', { name: 'Carte', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    const searched = page.waitForRequest(
      (request) =>
        request.url().includes('/public/events/markers') &&
        new URL(request.url()).searchParams.get('q') === 'xylophone',
    );
    await page.getByRole('button', { name: 'Rechercher et filtrer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rechercher et filtrer' });
    const field = dialog.getByRole('searchbox', { name: 'Rechercher des événements' });
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('xylophone');
    await searched;
    await expect
      .poll(() =>
        page.locator('.evm-marker, .evm-cluster').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('title'))),
      )
      .toEqual([workshop]);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    const button = page.getByRole('button', { name: 'Rechercher et filtrer' });
    await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: 'Une recherche ou des filtres s’appliquent à la carte' })
      .waitFor();

    // The marker opens the workshop; clearing brings back every event under way.
    await page.locator(`.evm-marker[title="${workshop}"]`).click();
    await page.getByRole('dialog').getByRole('heading', { name: workshop }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Effacer la recherche et les filtres' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Rechercher et filtrer' }).getAttribute('data-variant'))
      .toBe('default');
    expect(errors).toEqual([]);
    await close();
  });
  it.each([
    {
      lang: 'en',
      search: 'Search and filters',
      searchbox: 'Search events',
      filters: 'Accessibility filters',
      asl: 'ASL interpretation',
      subscribe: 'Subscribe to events',
      dialog: 'Subscribe to these events',
      address: 'Calendar address (iCalendar)',
      apple: 'Add to Apple Calendar or Outlook',
      copy: 'Copy link',
      copied: /^(Link copied|The link could not be copied.*)$/,
    },
    {
      lang: 'fr',
      search: 'Rechercher et filtrer',
      searchbox: 'Rechercher des événements',
      filters: 'Filtres d’accessibilité',
      asl: 'Interprétation en ASL',
      subscribe: 'S’abonner aux événements',
      dialog: 'S’abonner à ces événements',
      address: 'Adresse de l’agenda (iCalendar)',
      apple: 'Ajouter à Apple Calendrier ou Outlook',
      copy: 'Copier le lien',
      copied: /^(Lien copié|Le lien n’a pas pu être copié.*)$/,
    },
  ])('subscribes to the filtered map, and the feed it gives holds what the map shows ($lang)', async (labels) => {
    const organisation = await verifiedOrganisation(server, 'Maison de la harpe');
    const day = dayFromToday(1);
    const suffix = `${Date.now().toString(36)}${labels.lang}`;
    const create = (title: string, features: string[]) =>
      apiCall(
        server,
        'POST',
        '/connected/events',
        {
          titleFr: title,
          titleEn: title,
          categoryId: 1,
          address: '10 rue Saint-Denis',
          city: 'Montréal',
          state: 'QC',
          latitude: 45.514,
          longitude: -73.561,
          dates: [{ startDate: `${day} 19:00:00`, endDate: `${day} 21:00:00` }],
          accessibility: { stepFree: null, features },
        },
        organisation.jwt,
      );
    await create(`Harpe ${suffix}`, ['asl']);
    await create(`Harpe et voix ${suffix}`, []);

    const { page, errors, close } = await openPage(browser, {
      storage: { ...inMontreal(), [STORAGE_KEYS.lang]: labels.lang },
      locale: `${labels.lang}-CA`,
    });
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    await page.getByRole('button', { name: labels.search }).click();
    const filters = page.getByRole('dialog', { name: labels.search });
    await filters.getByRole('searchbox', { name: labels.searchbox }).fill('harpe');
    await filters.getByText(labels.filters).click();
    await filters.getByRole('checkbox', { name: labels.asl }).check();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: labels.subscribe }).click();
    const dialog = page.getByRole('dialog', { name: labels.dialog });
    const address = await dialog.getByRole('textbox', { name: labels.address }).inputValue();
    const query = new URL(address).searchParams;
    expect([query.get('lang'), query.get('q'), query.get('access')]).toEqual([labels.lang, 'harpe', 'asl']);
    expect(query.get('bounds')).toMatch(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/);
    expect(await dialog.getByRole('link', { name: labels.apple }).getAttribute('href')).toBe(
      address.replace(/^http:/, 'webcal:'),
    );
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    // The calendar it gives: the harp recital with ASL interpretation, not the other.
    const feed = await page.request.get(address);
    expect(feed.status(), `${address} ${await feed.text()}`).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    // (The other language's run, on the same server, made its own pair.)
    const summaries = (await feed.text())
      .split('\r\n')
      .filter((line) => line.startsWith('SUMMARY:') && line.includes(suffix));
    expect(summaries).toEqual([`SUMMARY:Harpe ${suffix}`]);
    await dialog.getByRole('button', { name: labels.copy }).click();
    await dialog.getByRole('status').filter({ hasText: labels.copied }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});

/** A wall-clock time in Montréal `minutes` from now, on a quarter hour (the form's steps), as the API takes it. */
function montrealTime(minutes: number): string {
  const at = new Date(Math.floor((Date.now() + minutes * 60_000) / 900_000) * 900_000);
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Toronto',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:00`;
}
