/**
 * The admin tables against the real server (issue: admin area): 155 events and a few accounts made through
 * the API, then in the browser the events table searched without accents, sorted through its three states,
 * paged forward and back with the browser's button, reloaded; the users table's tabs and search; axe on
 * both pages; French once.
 */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import { nowWallClock } from '@evmap/contract/wall-clock';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, loginByApi } from './support/api';
import { signedInStorage } from './support/app-state';
import { axeViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

const ADMIN = { email: 'admin@example.ca', password: 'admin-password-1' };
const EVENT_COUNT = 155;
/** Every fifth event is in Montréal (written with its accent). */
const MONTREAL_COUNT = Math.ceil(EVENT_COUNT / 5);
/** Title words with distinct ASCII initials, so the database's collation and ours agree on the order. */
const WORDS = ['Atelier', 'Bal', 'Concert', 'Danse', 'Expo', 'Foire', 'Gala'];

let server: TestServer;
let browser: Browser;
let jwt: string;
/** The title of each event made, by id. */
const titles = new Map<number, string>();
/** The ids of the events made in Sherbrooke (not Montréal). */
const sherbrookeIds: number[] = [];
/** The title of the n-th event made (from 1). */
const titleOf = (n: number) => `${WORDS[n % WORDS.length]} ${String(n).padStart(3, '0')}`;

const call = <T>(method: string, path: string, body?: unknown) => apiCall<T>(server, method, path, body, jwt);

/** Runs `task` for 0..count-1, `concurrency` at a time. */
async function inParallel(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A day in Quebec, `days` from today, 'YYYY-MM-DD'. */
const quebecDay = (days: number) => nowWallClock('America/Toronto', Date.now() + days * 86_400_000).slice(0, 10);

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
  jwt = (await loginByApi(server, ADMIN.email, ADMIN.password)).jwt;

  const accounts = [
    { name: 'Salle Bourgie', email: 'bourgie@example.ca', type: 'event-manager' },
    { name: 'Théâtre Outremont', email: 'outremont@example.ca', type: 'event-manager' },
    { name: 'Maison du Jazz', email: 'jazz@example.ca', type: 'event-manager' },
    { name: 'Zoé Tremblay', email: 'zoe@example.ca', type: 'viewer' },
    { name: 'Léo Gagnon', email: 'leo@example.ca', type: 'viewer' },
  ];
  const organisers: number[] = [];
  for (const account of accounts) {
    const { user } = await call<{ user: { id: number } }>('POST', '/connected/admin/users', account);
    if (account.type === 'event-manager') organisers.push(user.id);
  }

  await inParallel(EVENT_COUNT, 6, async (i) => {
    const n = i + 1;
    const titleFr = titleOf(n);
    const day = quebecDay(1 + (n % 30));
    const { event } = await call<{ event: { id: number } }>('POST', '/connected/admin/events', {
      titleFr,
      categoryId: 1,
      address: `${n} rue Principale`,
      city: n % 5 === 0 ? 'Montréal' : 'Sherbrooke',
      state: 'QC',
      creatorId: organisers[n % organisers.length],
      dates: [{ startDate: `${day} 19:00:00`, endDate: `${day} 21:00:00` }],
      active: n % 11 !== 0,
    });
    titles.set(event.id, titleFr);
    if (n % 5 !== 0) sherbrookeIds.push(event.id);
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The title link of the first row of the table. */
const firstTitle = (page: Page) => page.getByRole('table').getByRole('row').nth(1).getByRole('link').textContent();
/** How many body rows the table holds (only one page is ever in the DOM). */
/** The rows of the page, once all are in: a page is added in slices, the table busy until the last one. */
const rowCount = async (page: Page) => {
  await page.locator('table[aria-busy="false"]').waitFor();
  return (await page.getByRole('table').getByRole('row').count()) - 1;
};

describe('the admin events table', () => {
  it('searches without accents, sorts through three states, pages with the back button, survives a reload', async () => {
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(jwt) });
    const ids = [...titles.keys()].sort((a, b) => b - a);
    const sortedTitles = [...titles.values()].sort();
    const newest = titles.get(ids[0] as number);

    await page.goto(`${server.url}/profile/admin/events`);
    await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    await page.getByText(`${EVENT_COUNT} events`).waitFor();
    expect(await firstTitle(page)).toBe(newest);
    expect(await rowCount(page)).toBe(100);
    const idHeader = page.getByRole('columnheader', { name: /^ID/ });
    expect(await idHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Accent-insensitive search: "Montreal" finds the events in Montréal.
    await page.getByRole('searchbox', { name: 'Search events' }).fill('Montreal');
    await page.getByText(`${MONTREAL_COUNT} events`).waitFor();
    await page.waitForURL(/\?search=Montreal$/);
    expect(await rowCount(page)).toBe(MONTREAL_COUNT);
    const cities = await page.getByRole('table').getByRole('row').locator('td:nth-child(3)').allTextContents();
    expect(new Set(cities)).toEqual(new Set(['Montréal']));
    await page.getByRole('searchbox', { name: 'Search events' }).fill('');
    await page.getByText(`${EVENT_COUNT} events`).waitFor();
    await page.waitForURL(`${server.url}/profile/admin/events`);

    // The title column through its three states.
    const titleHeader = page.getByRole('columnheader', { name: /^Title/ });
    const titleButton = page.getByRole('button', { name: 'Title', exact: true });
    await titleButton.click();
    await page.waitForURL(/sortField=titleFr&sortDirection=asc/);
    await expect.poll(() => titleHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => firstTitle(page)).toBe(sortedTitles[0]);
    expect(await idHeader.getAttribute('aria-sort')).toBeNull();
    await titleButton.click();
    await expect.poll(() => titleHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => firstTitle(page)).toBe(sortedTitles.at(-1));
    await titleButton.click();
    await page.waitForURL(`${server.url}/profile/admin/events`);
    await expect.poll(() => titleHeader.getAttribute('aria-sort')).toBeNull();
    expect(await idHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => firstTitle(page)).toBe(newest);

    // Page 2, then back with the browser: the URL and the rows come back.
    const pages = page.getByRole('navigation', { name: 'Pages of the events' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/\?page=2$/);
    await expect.poll(() => firstTitle(page)).toBe(titles.get(ids[100] as number));
    expect(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await rowCount(page)).toBe(EVENT_COUNT - 100);
    await page.goBack();
    await page.waitForURL(`${server.url}/profile/admin/events`);
    await expect.poll(() => firstTitle(page)).toBe(newest);
    expect(await pages.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await page.goForward();
    await page.waitForURL(/\?page=2$/);
    await expect.poll(() => firstTitle(page)).toBe(titles.get(ids[100] as number));

    // A sorted second page survives a reload. The sort starts again from page 1, as the pages say once shown.
    await titleButton.click();
    await page.waitForURL(/\?sortField=titleFr&sortDirection=asc$/);
    await expect.poll(() => titleHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => pages.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/\?sortField=titleFr&sortDirection=asc&page=2$/);
    await expect.poll(() => firstTitle(page)).toBe(sortedTitles[100]);
    await page.reload();
    await expect.poll(() => firstTitle(page)).toBe(sortedTitles[100]);
    expect(await titleHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    // A title opens the event's admin page.
    const target = page.getByRole('table').getByRole('row').nth(1).getByRole('link');
    const href = await target.getAttribute('href');
    expect(href).toMatch(/^\/profile\/admin\/events\/[0-9a-f-]{36}$/);
    expect(errors).toEqual([]);
    await close();
  });

  it('marks deleted and inactive events, in French', async () => {
    const deletedId = Math.min(...sherbrookeIds);
    await call('DELETE', `/connected/admin/events/id/${deletedId}`);
    const { page, errors, close } = await openPage(browser, {
      storage: { ...signedInStorage(jwt), [STORAGE_KEYS.lang]: 'fr' },
    });
    // Ascending ids: the deleted event comes first.
    await page.goto(`${server.url}/profile/admin/events?sortField=id&sortDirection=asc&search=Sherbrooke`);
    await page.getByRole('heading', { name: 'Événements', level: 1 }).waitFor();
    await page.getByText(`${EVENT_COUNT - MONTREAL_COUNT} événements`).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Rechercher des événements' }).inputValue()).toBe('Sherbrooke');
    expect(await page.getByRole('columnheader', { name: /^ID/ }).getAttribute('aria-sort')).toBe('ascending');
    const first = page.getByRole('table').getByRole('row').nth(1);
    expect(await first.getByRole('link').textContent()).toBe(titles.get(deletedId));
    await first.getByText('Supprimé').waitFor();
    // The 11th event was made inactive.
    const inactive = page.getByRole('row').filter({ has: page.getByRole('link', { name: titleOf(11) }) });
    await inactive.getByText('Inactif').waitFor();
    expect(await inactive.getByRole('cell', { name: 'Non' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Nouvel événement' }).getAttribute('href')).toBe(
      '/profile/admin/events/create',
    );
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

/**
 * The words of the table's city and organiser cells that the layout cut over two lines: the pieces of the text between
 * spaces, and in an address between its own break points (after the @, before a dot).
 */
function cutWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const cell of Array.from(
      document.querySelectorAll(
        'tbody td[data-label="City"], tbody td[data-label="Ville"], tbody td[data-label="Organiser"], tbody td[data-label="Organisateur"]',
      ),
    )) {
      const text = cell.textContent ?? '';
      const words = text.split(/\s+|(?<=@)|(?=\.)/).filter((word: string) => word.length > 1);
      let from = 0;
      for (const word of words) {
        const start = text.indexOf(word, from);
        from = start + word.length;
        const range = document.createRange();
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        let offset = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          if (start >= offset && start < offset + length) range.setStart(node, start - offset);
          if (from > offset && from <= offset + length) range.setEnd(node, from - offset);
          offset += length;
        }
        // One box per line the word is on (a word cut at a <wbr> piece boundary is not a cut).
        const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) cut.push(word);
      }
    }
    return cut;
  });
}

describe('the admin events table at every width', () => {
  it('fits a 1280 px window without scrolling sideways or cutting words, and shows its rows as cards on a phone', async () => {
    for (const [lang, count] of [
      ['en', `${EVENT_COUNT} events`],
      ['fr', `${EVENT_COUNT} événements`],
    ] as const) {
      const wide = await openPage(browser, {
        storage: { ...signedInStorage(jwt), [STORAGE_KEYS.lang]: lang },
        viewport: { width: 1280, height: 800 },
      });
      await wide.page.goto(`${server.url}/profile/admin/events`);
      await wide.page.getByText(count).waitFor();
      expect(await rowCount(wide.page)).toBe(100);
      const table = wide.page.getByRole('table');
      expect(await table.getAttribute('data-layout')).toBe('table');
      expect(await table.evaluate((node) => node.parentElement!.scrollWidth <= node.parentElement!.clientWidth)).toBe(
        true,
      );
      expect(await wide.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The cities and the organisers' addresses keep their words whole: an address may wrap after its @ or before
      // a dot, never inside "Sherbrooke" or "example".
      expect(await cutWords(wide.page)).toEqual([]);
      expect(await wide.page.getByRole('cell', { name: 'bourgie@example.ca', exact: true }).count()).toBeGreaterThan(0);
      expect(await wide.page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
      expect(await wide.page.locator('footer').count()).toBe(0);
      expect(wide.errors).toEqual([]);
      await wide.close();
    }

    const phone = await openPage(browser, {
      storage: signedInStorage(jwt),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.page.goto(`${server.url}/profile/admin/events`);
    await phone.page.getByText(`${EVENT_COUNT} events`).waitFor();
    const cards = phone.page.getByRole('table');
    expect(await cards.getAttribute('data-layout')).toBe('cards');
    expect(await rowCount(phone.page)).toBe(100);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The sortable headers are buttons above the cards.
    await phone.page.getByRole('button', { name: 'Title', exact: true }).click();
    await phone.page.waitForURL(/sortField=titleFr/);
    await phone.page.locator('table[aria-busy="false"]').waitFor();
    expect(await axeViolations(phone.page, 'main')).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.close();
  });
});

describe('the admin users table', () => {
  it('filters by type with tabs kept in the URL, and searches', async () => {
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(jwt) });
    await page.goto(`${server.url}/profile/admin/users`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    // The administrator and the five accounts.
    await page.getByText('6 users').waitFor();
    expect(await page.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.getByRole('tab', { name: 'Viewers' }).click();
    await page.waitForURL(/\?type=viewer$/);
    await page.getByText('2 users').waitFor();
    const names = await page.getByRole('table').getByRole('link').allTextContents();
    expect(names.sort()).toEqual(['Léo Gagnon', 'Zoé Tremblay']);

    await page.getByRole('tab', { name: 'Event managers' }).click();
    await page.getByText('4 users').waitFor();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('theatre');
    await page.getByText('1 user', { exact: true }).waitFor();
    await page.waitForURL(/\?type=event-manager&search=theatre$/);
    const link = page.getByRole('table').getByRole('link', { name: 'Théâtre Outremont' });
    expect(await link.getAttribute('href')).toMatch(/^\/profile\/admin\/users\/\d+$/);

    // The tab and the search come back after a reload.
    await page.reload();
    await page.getByText('1 user', { exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Event managers' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('searchbox', { name: 'Search users' }).inputValue()).toBe('theatre');
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
