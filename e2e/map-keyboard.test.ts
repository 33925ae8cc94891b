/**
 * The map home as a newcomer walks it (issue 16): the whole page crossed with Tab and back with Shift+Tab (the
 * markers are one stop, moved between with the arrow keys), a marker opened with Enter and the focus back on it;
 * two events at one address both reachable by click and by keyboard; the wheel scrolls the page and Ctrl + wheel
 * zooms; the French page with no English control label; axe on / and the modal in both languages; no console
 * warning on load.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtOf, montrealEventsToday, upcomingElseAll } from './support/api';
import { settledStorage } from './support/app-state';
import { launchBrowser, openPage } from './support/browser';
import { REPO_ROOT } from './support/paths';
import { startServer, type TestServer } from './support/server';

const ADMIN = { email: 'admin@evmap.test', password: 'admin-password-1' };
const DESKTOP = { width: 1280, height: 800 };
/** Where the two events at one address are (a town with no demo event near it). */
const PLACE = { lat: 48.4284, lng: -71.0683 };

let server: TestServer;
let browser: Browser;
const twins: Event[] = [];

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

const adminJwt = () => jwtOf(server, ADMIN.email, ADMIN.password);

/** Creates an active event of today at `PLACE` as the administrator. */
async function eventAtPlace(jwt: string, titleEn: string, titleFr: string): Promise<Event> {
  const today = localDay(new Date());
  const response = await fetch(`${server.url}/api/v1/connected/admin/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
    body: JSON.stringify({
      titleFr,
      titleEn,
      categoryId: 3,
      address: '500 rue Racine Est',
      city: 'Saguenay',
      latitude: PLACE.lat,
      longitude: PLACE.lng,
      active: true,
      dates: [{ startDate: `${today} 23:00:00`, endDate: `${today} 23:45:00` }],
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { event: Event }).event;
}

/**
 * A Montréal event of today, from the demo data: one not over yet, or late in the day (when every one is over) one
 * that is, which opens the same modal.
 */
async function montrealEvent(): Promise<Event> {
  const [event] = upcomingElseAll((await montrealEventsToday(server)).filter((e) => e.active));
  if (!event) throw new Error('no demo event in Montréal today');
  return event;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ DEMO_DATA: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
  const jwt = await adminJwt();
  twins.push(await eventAtPlace(jwt, 'Choir at the Cathedral', 'Chorale à la cathédrale'));
  twins.push(await eventAtPlace(jwt, 'Organ Recital', 'Récital d’orgue'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A short description of the focused element: where it is (map, footer, page), what it is (marker, cluster, group,
 * role or tag) and its name (label, text, title).
 */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const name =
      element.getAttribute('aria-label') ||
      element.textContent?.trim() ||
      element.getAttribute('title') ||
      (element as HTMLInputElement).labels?.[0]?.querySelector(':scope > span:last-child')?.textContent ||
      '';
    const classes = element.classList;
    const kind = classes.contains('evm-group')
      ? 'group'
      : classes.contains('evm-marker')
        ? 'marker'
        : classes.contains('evm-cluster')
          ? 'cluster'
          : (element.getAttribute('role') ?? (element as HTMLInputElement).type ?? element.tagName.toLowerCase());
    const where = element.closest('footer') ? 'footer' : element.closest('.leaflet-container') ? 'map' : 'page';
    return `${where} ${kind} ${name.trim().slice(0, 60)}`;
  });
}

/** Serious and critical axe violations of the page (or of `selector`). */
async function serious(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (selector) builder.include(selector);
  return (await builder.analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`);
}

/** The closest zoom of the map's tiles (from their URLs /{z}/{x}/{y}.png; tiles of a level left go a moment later). */
function tileZoom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const zooms = Array.from(document.querySelectorAll<HTMLImageElement>('.leaflet-tile-container img')).map((img) =>
      Number(/\/(\d+)\/\d+\/\d+\.png/.exec(img.src)?.[1]),
    );
    return Math.max(...zooms);
  });
}

describe('the map home with the keyboard alone', () => {
  it('is crossed with Tab from the top to the footer and back, the markers being one stop', async () => {
    const { page, errors, close } = await openPage(browser, { storage: settledStorage(), viewport: DESKTOP });
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    await expect.poll(() => page.locator('.leaflet-marker-pane [tabindex="0"]').count()).toBe(1);

    const forward: string[] = [];
    for (let i = 0; i < 60 && !forward.at(-1)?.startsWith('footer button Français'); i++) {
      await page.keyboard.press('Tab');
      forward.push(await focused(page));
    }
    expect(forward.at(-1), forward.join('\n')).toBe('footer button Français');
    // One stop for all the markers and clusters, never the same element twice in a row (no trap).
    expect(
      forward.filter((f) => /^map (marker|cluster|group) /.test(f)),
      forward.join('\n'),
    ).toHaveLength(1);
    expect(
      forward.some((f, i) => i > 0 && f === forward[i - 1]),
      forward.join('\n'),
    ).toBe(false);
    expect(forward).toContain('page radio Today');
    expect(forward).toContain('map button Zoom in');

    const backward: string[] = [];
    for (let i = 0; i < 60 && !/^map (marker|cluster|group) /.test(backward.at(-1) ?? ''); i++) {
      await page.keyboard.press('Shift+Tab');
      backward.push(await focused(page));
    }
    expect(backward.at(-1), backward.join('\n')).toMatch(/^map (marker|cluster|group) /);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('map section Map of events');
    expect(errors).toEqual([]);
    await close();
  });

  it('moves between markers with the arrow keys, opens one with Enter and gets the focus back on close', async () => {
    const { page, errors, close } = await openPage(browser, { storage: settledStorage(), viewport: DESKTOP });
    // A direct link centres the map on its event, close enough to show single markers around it.
    await page.goto(`${server.url}/events/${(await montrealEvent()).handle}`);
    await page.getByRole('dialog').getByRole('heading').first().waitFor();
    await page.getByRole('button', { name: 'Close the event' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.locator('.evm-marker').nth(1).waitFor();
    const stop = page.locator('.leaflet-marker-pane [tabindex="0"]');
    await stop.focus();
    const first = await focused(page);
    await page.keyboard.press('ArrowRight');
    const second = await focused(page);
    expect(second).not.toBe(first);
    expect(second).toMatch(/^map (marker|cluster|group) /);
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toBe(first);
    // Enter on an event's marker opens it; Escape closes it and gives the focus back to the marker.
    await page.locator('.evm-marker:not(.evm-group)').first().focus();
    const marker = await focused(page);
    const title = await page.evaluate(() => document.activeElement?.getAttribute('title') ?? '');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/events\/[^/]+$/);
    await page.getByRole('dialog').getByRole('heading', { name: title }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => focused(page)).toBe(marker);
    // Tab leaves the markers at once.
    await page.keyboard.press('Tab');
    expect(await focused(page)).not.toMatch(/^map (marker|cluster|group) /);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('two events at one address', () => {
  const atPlace = (lang: 'en' | 'fr') =>
    settledStorage({
      [STORAGE_KEYS.location]: JSON.stringify({ location: PLACE, date: new Date() }),
      [STORAGE_KEYS.lang]: lang,
    });

  it('are both reachable with the mouse, from one marker listing them', async () => {
    const { page, errors, close } = await openPage(browser, { storage: atPlace('en'), viewport: DESKTOP });
    await page.goto(`${server.url}/`);
    const group = page.getByRole('button', { name: '2 events here' });
    await group.click();
    const list = page.getByRole('dialog', { name: '2 events at this place' });
    for (const [i, event] of twins.entries()) {
      if (i > 0) await group.click();
      await list.getByRole('button', { name: event.titleEn }).click();
      await page.getByRole('dialog').getByRole('heading', { name: event.titleEn }).waitFor();
      await page.getByRole('button', { name: 'Close the event' }).click();
      await page.waitForURL(`${server.url}/`);
    }
    // Still one group at the closest zoom: the two markers would sit exactly on top of each other.
    for (let zoom = 10; zoom < 18; zoom++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(() => tileZoom(page)).toBeGreaterThan(zoom);
      // A click during the zoom's animation would be dropped by Leaflet.
      await page.locator('.leaflet-zoom-anim').waitFor({ state: 'detached' });
    }
    await group.waitFor();
    expect(await page.locator('.evm-marker:not(.evm-group)').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('are both reachable with the keyboard, in French', async () => {
    const { page, errors, close } = await openPage(browser, { storage: atPlace('fr'), viewport: DESKTOP });
    await page.goto(`${server.url}/`);
    const group = page.getByRole('button', { name: '2 événements ici' });
    await group.waitFor();
    for (const [i, event] of twins.entries()) {
      await group.focus();
      await page.keyboard.press('Enter');
      const list = page.getByRole('dialog', { name: '2 événements à cet endroit' });
      await list.waitFor();
      expect(await group.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => focused(page)).toContain(twins[0]!.titleFr);
      if (i > 0) await page.keyboard.press('ArrowDown');
      await expect.poll(() => focused(page)).toContain(event.titleFr);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').getByRole('heading', { name: event.titleFr }).waitFor();
      await page.keyboard.press('Escape');
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => focused(page)).toBe('map group 2 événements ici');
    }
    // Escape closes the list and returns to its marker.
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: '2 événements à cet endroit' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '2 événements à cet endroit' }).waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('map group 2 événements ici');
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the wheel over the map', () => {
  it('scrolls the page with a hint, and zooms the map with Ctrl', async () => {
    const { page, errors, close } = await openPage(browser, { storage: settledStorage(), viewport: DESKTOP });
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    await expect.poll(() => tileZoom(page)).toBe(8);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const hint = page.getByText('Use Ctrl + scroll to zoom the map');
    await hint.waitFor();
    expect(await tileZoom(page)).toBe(8);
    await hint.waitFor({ state: 'hidden' });

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -300);
    await page.keyboard.up('Control');
    await expect.poll(() => tileZoom(page)).toBeGreaterThan(8);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await hint.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });
});

/** English texts of the interface that French says otherwise, and the English defaults of Leaflet and Mantine. */
function englishOnly(): { exact: Set<string>; parts: string[] } {
  const read = (lang: string) =>
    JSON.parse(readFileSync(path.join(REPO_ROOT, `apps/web/src/i18n/${lang}.json`), 'utf8')) as unknown;
  const [en, fr] = [read('en'), read('fr')];
  const exact = new Set<string>();
  const walk = (a: unknown, b: unknown) => {
    if (typeof a === 'string') {
      if (a !== b && !a.includes('{{')) exact.add(a.trim());
    } else if (a && typeof a === 'object') {
      for (const [key, value] of Object.entries(a)) walk(value, (b as Record<string, unknown> | undefined)?.[key]);
    }
  };
  walk(en, fr);
  exact.delete('English');
  const parts = ['Zoom in', 'Zoom out', 'Toggle password', 'JavaScript library', 'Close popup', 'contributors'];
  return { exact, parts };
}

/** The names, titles and texts of the controls on the page (the language switch, in English on purpose, aside). */
function controlLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll(
      'button, a, input, select, textarea, [role="button"], [role="radio"], [role="link"], [aria-label], [title]',
    );
    const labels: string[] = [];
    for (const control of Array.from(controls)) {
      if (control.closest('[lang="en"]')) continue;
      for (const value of [
        control.getAttribute('aria-label'),
        control.getAttribute('title'),
        control.matches('button, a, [role="button"]') ? control.textContent : null,
      ]) {
        if (value?.trim()) labels.push(value.trim());
      }
    }
    return labels;
  });
}

describe('in French', () => {
  it('carries no English control label on the map, the modal and the sign-in dialog', async () => {
    const { page, errors, close } = await openPage(browser, {
      storage: settledStorage({ [STORAGE_KEYS.lang]: 'fr' }),
      viewport: DESKTOP,
    });
    const { exact, parts } = englishOnly();
    const english = (labels: string[]) => labels.filter((l) => exact.has(l) || parts.some((p) => l.includes(p)));
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    await page.locator('.leaflet-control-attribution').getByText('les contributeurs d’').waitFor();
    await page.getByRole('button', { name: 'Zoom avant' }).waitFor();
    expect(english(await controlLabels(page))).toEqual([]);

    await page.goto(`${server.url}/events/${twins[0]!.handle}`);
    await page.getByRole('dialog').getByRole('heading', { name: twins[0]!.titleFr }).waitFor();
    expect(english(await controlLabels(page))).toEqual([]);

    for (const [hash, name] of [
      ['#/auth/login', 'Se connecter'],
      ['#/auth/signup', 'Créer un compte'],
    ] as const) {
      await page.goto(`${server.url}/${hash}`);
      const dialog = page.getByRole('dialog', { name });
      await dialog.getByRole('textbox', { name: 'Mot de passe', exact: true }).waitFor();
      expect(await dialog.locator('button[aria-label="Afficher le mot de passe"]').count()).toBe(1);
      expect(english(await controlLabels(page))).toEqual([]);
    }
    expect(errors).toEqual([]);
    await close();
  });
});

describe('accessibility and console', () => {
  it.each(['en', 'fr'] as const)(
    'has no serious or critical violation on /, the open modal and the sign-in dialogs (%s)',
    async (lang) => {
      const { page, close } = await openPage(browser, {
        storage: settledStorage({ [STORAGE_KEYS.lang]: lang }),
        viewport: DESKTOP,
        reducedMotion: 'reduce',
      });
      await page.goto(`${server.url}/`);
      await page.locator('.evm-marker, .evm-cluster').first().waitFor();
      expect(await serious(page), `${lang} /`).toEqual([]);
      await page.goto(`${server.url}/events/${twins[1]!.handle}`);
      const modal = page.getByRole('dialog');
      await modal.getByRole('heading', { name: lang === 'fr' ? twins[1]!.titleFr : twins[1]!.titleEn }).waitFor();
      expect(await serious(page), `${lang} modal`).toEqual([]);
      // The report button, hovered (its background then tinted), still reads well.
      await modal.getByRole('button', { name: lang === 'fr' ? 'Signaler cet événement' : 'Report this event' }).hover();
      expect(await serious(page, '[role="dialog"]'), `${lang} report hovered`).toEqual([]);
      for (const hash of ['#/auth/login', '#/auth/signup']) {
        await page.goto(`${server.url}/${hash}`);
        await page.getByRole('dialog').locator('input[type="password"]').waitFor();
        expect(await serious(page, '[role="dialog"]'), `${lang} ${hash}`).toEqual([]);
      }
      await close();
    },
    120_000,
  );

  it('logs no warning nor error while the map and an event load', async () => {
    const { page, errors, close } = await openPage(browser, { storage: settledStorage(), viewport: DESKTOP });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    await page.goto(`${server.url}/events/${twins[0]!.handle}`);
    await page.getByRole('dialog').getByRole('heading', { name: twins[0]!.titleEn }).waitFor();
    await page.getByRole('button', { name: 'Close the event' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
