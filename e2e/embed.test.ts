/**
 * The embed (issue 26) as another website shows it: the snippet of "Embed this map" pasted in a local test page (a
 * node server of its own, another origin than the app), an event found inside the frame and opened on the site in a
 * new tab, where its view counts in the organiser's statistics as an embed view; axe on the embed page and the
 * dialog; nothing written in the visitor's browser by the embed; in English and French.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import { eventRoutes } from '@evmap/contract/routes/events';
import type { Browser, BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, callRoute, jwtOf } from './support/api';
import { settledStorage } from './support/app-state';
import { axeViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
/** The other website: its pages by path, each holding a snippet. */
let host: Server;
let hostUrl: string;
const hostPages = new Map<string, string>();

const NOTHING_STORED = { cookies: 0, cookie: '', local: 0, session: 0, databases: 0, workers: 0 };

/** The demo organisers (password demo1234): the owner of an event is the one its statistics answer. */
const DEMO_MANAGERS = ['trial', 'unit', 'complete', 'free', 'canceled'];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_DATA: '1' }), launchBrowser()]);
  host = createServer((request, response) => {
    const snippet = hostPages.get(request.url ?? '');
    if (snippet === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>A venue's website</title></head><body><main><h1>Our events</h1>${snippet}</main></body></html>`,
    );
  });
  host.listen(0, '127.0.0.1');
  await once(host, 'listening');
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  host?.close();
});

/** The embed page's frame inside the host page. */
async function embedFrame(page: Page): Promise<Frame> {
  const element = await page.locator('iframe').elementHandle();
  const frame = await element?.contentFrame();
  if (!frame) throw new Error('no embed frame');
  return frame;
}

/** What the embed page stored in the visitor's browser (cookies of the app's origin, its storages, its databases). */
async function storedByEmbed(context: BrowserContext, frame: Frame) {
  const inFrame = await frame.evaluate(async () => ({
    cookie: document.cookie,
    local: window.localStorage.length,
    session: window.sessionStorage.length,
    databases: (await window.indexedDB.databases()).length,
    workers: (await navigator.serviceWorker?.getRegistrations())?.length ?? 0,
  }));
  return { cookies: (await context.cookies(server.url)).length, ...inFrame };
}

/** The demo organisers' tokens, each signed in once (sign-ins are rate-limited). */
const managerJwts = new Map<string, string>();

type Stats = { eventStats: Array<{ type: string; value: string; count: number }> };

/** The embed views the owner of the event (the demo organiser whose statistics answer) sees. */
async function embedViews(event: Event): Promise<number> {
  for (const manager of DEMO_MANAGERS) {
    let jwt = managerJwts.get(manager);
    if (!jwt) {
      jwt = await jwtOf(server, `${manager}@demo.evmap.ca`, 'demo1234');
      managerJwts.set(manager, jwt);
    }
    const answer = await apiCall<Stats>(server, 'GET', `/connected/events/${event.id}/stats`, undefined, jwt).catch(
      () => null,
    );
    if (answer) {
      return answer.eventStats
        .filter((stat) => stat.type === 'view' && stat.value === 'embed')
        .reduce((sum, stat) => sum + stat.count, 0);
    }
  }
  throw new Error(`no demo organiser owns event ${event.handle}`);
}

/** Opens `link` (inside the frame) and checks the new tab: the event on the site, counted as one more embed view. */
async function openFromEmbed(context: BrowserContext, link: Locator, heading: string) {
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^${server.url}/events/[^/?]+\\?from=embed$`));
  const handle = decodeURIComponent(new URL(href).pathname.split('/').pop() ?? '');
  const { event } = await callRoute(server, eventRoutes.byHandleOrUuid, { params: { handleOrUuid: handle } });
  const before = await embedViews(event);
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForURL(href);
  // The event's modal over the map (the location prompt may show too).
  const dialog = tab.locator('[role="dialog"][aria-modal="true"]');
  await expect.poll(() => dialog.textContent(), { timeout: 15_000 }).toContain(heading);
  await expect.poll(() => embedViews(event), { timeout: 15_000 }).toBe(before + 1);
  await tab.close();
  return event;
}

describe('the embed', () => {
  it('is written by "Embed this map" and opens an event of its map in a new tab, counted as an embed view', async () => {
    // The snippet, from the list view of a visitor in Montréal.
    const {
      page: app,
      errors: appErrors,
      close: closeApp,
    } = await openPage(browser, {
      storage: settledStorage({
        [STORAGE_KEYS.location]: JSON.stringify({
          location: { lat: 45.5017, lng: -73.5673 },
          date: new Date().toISOString(),
        }),
      }),
    });
    await app.goto(`${server.url}/?view=list`);
    await app.getByRole('button', { name: 'Embed this map' }).click();
    const dialog = app.getByRole('dialog', { name: 'Embed this map on your website' });
    await dialog.getByLabel('Language').selectOption('en');
    const snippetField = dialog.getByLabel('Code to paste into your page');
    await expect.poll(() => snippetField.inputValue()).toContain('lang=en');
    const snippet = await snippetField.inputValue();
    expect(snippet).toMatch(
      new RegExp(
        `^<iframe src="${server.url}/embed\\?lang=en&amp;bounds=[^"]+" title="Events of EventMap" width="600" height="450"`,
      ),
    );
    // Its live preview is the embed itself.
    await app
      .frameLocator('iframe')
      .getByRole('heading', { name: /^Events · Today$/ })
      .waitFor();
    expect(await axeViolations(app, '[role="dialog"]')).toEqual([]);
    expect(appErrors).toEqual([]);
    await closeApp();

    hostPages.set('/en', snippet.replaceAll('&amp;', '&'));
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${hostUrl}/en`);
    const frame = await embedFrame(page);
    const pin = frame.locator('.pin').first();
    await pin.waitFor();
    expect(await storedByEmbed(page.context(), frame)).toEqual(NOTHING_STORED);
    // A marker is a button: from the keyboard, its popup of links opens and its first link takes the focus.
    await pin.focus();
    await pin.press('Enter');
    const link = frame.locator('.popup-events a').first();
    await link.waitFor();
    await expect.poll(() => link.evaluate((a) => a === document.activeElement)).toBe(true);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener');
    const title = (await link.evaluate((a) => a.firstChild?.textContent ?? '')).trim();
    await openFromEmbed(page.context(), link, title.replace(/…$/, ''));
    expect(errors).toEqual([]);
    await close();
  });

  it('lists the events of a city in French, opens one in a new tab, and passes axe', async () => {
    hostPages.set(
      '/fr',
      `<iframe src="${server.url}/embed?lang=fr&view=list&city=Montr%C3%A9al" title="Événements d’EventMap" width="500" height="600" style="border:0"></iframe>`,
    );
    const { page, errors, close } = await openPage(browser, { locale: 'fr-CA' });
    await page.goto(`${hostUrl}/fr`);
    const frame = await embedFrame(page);
    await frame.getByRole('heading', { name: 'Événements · Aujourd’hui', level: 1 }).waitFor();
    expect(await frame.getByRole('button', { name: 'Liste' }).getAttribute('aria-pressed')).toBe('true');
    const list = frame.getByRole('list', { name: 'Événements' });
    const first = list.getByRole('link').first();
    await first.waitFor();
    expect(await first.textContent()).toMatch(/\(s’ouvre dans un nouvel onglet\)$/);
    expect(await storedByEmbed(page.context(), frame)).toEqual(NOTHING_STORED);
    const title = (await first.evaluate((a) => a.firstChild?.textContent ?? '')).trim();
    await openFromEmbed(page.context(), first, title);
    expect(errors).toEqual([]);
    await close();

    // The embed page itself, in each language and view: no serious or critical violation; the map's own buttons
    // speak the page's language.
    const pages = [
      { address: '/embed?lang=fr&view=list&city=Montr%C3%A9al', button: 'Carte' },
      { address: '/embed?lang=fr&city=Montr%C3%A9al', button: 'Zoom avant' },
      { address: '/embed?lang=en&city=Montreal', button: 'Zoom in' },
    ];
    for (const { address, button } of pages) {
      const { page: alone, errors: aloneErrors, close: closeAlone } = await openPage(browser);
      await alone.goto(`${server.url}${address}`);
      await alone.locator('.event, .pin').first().waitFor();
      expect(await alone.getByRole('button', { name: button }).count(), address).toBe(1);
      expect(await axeViolations(alone), address).toEqual([]);
      expect(aloneErrors, address).toEqual([]);
      await closeAlone();
    }
  });
});
