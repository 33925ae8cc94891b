/**
 * The map home and the event modal, as a visitor walks them, on the demo events (about 60 events
 * over the next 7 days, Montréal every day); tiles are blank local PNGs.
 */
import AxeBuilder from '@axe-core/playwright';
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtOf, montrealEventsToday, signupByApi, uniqueEmail, upcomingElseAll } from './support/api';
import { settledStorage, signedInStorage } from './support/app-state';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A Montréal event of today from the API, with an image. */
async function montrealEvent(): Promise<Event> {
  const events = await montrealEventsToday(server);
  const event = events.find((e) => e.images.length > 0 && e.active && !e.isPast) ?? events[0];
  if (!event) throw new Error('no demo event in Montréal today');
  return event;
}

/** What the map shows: markers by title and the sum of the cluster counts. */
async function mapContent(page: Page): Promise<string> {
  await page.waitForTimeout(600);
  const markers = await page.locator('.evm-marker').evaluateAll((nodes) => nodes.map((n) => n.textContent).sort());
  const clusters = await page.locator('.evm-cluster').evaluateAll((nodes) => nodes.map((n) => n.textContent).sort());
  return JSON.stringify({ markers, clusters });
}

const dialog = (page: Page) => page.getByRole('dialog');

/** The tooltip of a picker option (its label's ::after): its text, and whether it is shown. */
async function tooltipOf(page: Page, radio: Locator): Promise<{ text: string; shown: boolean }> {
  const id = await radio.getAttribute('id');
  return page.locator(`label[for="${id}"]`).evaluate((label) => {
    const style = getComputedStyle(label, '::after');
    return { text: label.getAttribute('data-tooltip') ?? '', shown: style.opacity === '1' && style.content !== 'none' };
  });
}

/** Clicks the visible label of a (visually hidden) radio input, as a visitor does. */
async function pick(page: Page, radio: Locator): Promise<void> {
  const id = await radio.getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_DATA: '1' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the map home', () => {
  it('changes markers and clusters with the day and the category', async () => {
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();

    // "Now", then the seven days from today.
    const days = page.getByRole('radiogroup', { name: 'Day' }).getByRole('radio');
    expect(await days.count()).toBe(8);
    expect(await days.nth(1).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Today' }).waitFor({ state: 'attached' });
    await page.getByRole('radio', { name: /^Now/ }).waitFor({ state: 'attached' });

    const byDay = new Set<string>();
    byDay.add(await mapContent(page));
    for (let i = 2; i < 8; i++) {
      await pick(page, days.nth(i));
      byDay.add(await mapContent(page));
    }
    expect(byDay.size).toBeGreaterThan(1);

    // Keyboard: back to today with the arrow keys.
    await days.nth(7).focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
    expect(await days.nth(1).isChecked()).toBe(true);
    // The tooltip (the full date, or "Today") shows on keyboard focus and on hover.
    await expect.poll(() => tooltipOf(page, days.nth(1))).toEqual({ text: 'Today', shown: true });
    await page.locator(`label[for="${await days.nth(3).getAttribute('id')}"]`).hover();
    const inTwoDays = new Date();
    inTwoDays.setDate(inTwoDays.getDate() + 2);
    const fullDate = inTwoDays.toLocaleDateString('en-CA', { weekday: 'long', month: 'long', day: 'numeric' });
    await expect.poll(() => tooltipOf(page, days.nth(3))).toEqual({ text: fullDate, shown: true });

    const categories = page.getByRole('radiogroup', { name: 'Category' }).getByRole('radio');
    expect(await categories.count()).toBe(7);
    await page.getByRole('radio', { name: 'All categories' }).waitFor({ state: 'attached' });
    const all = await mapContent(page);
    const byCategory = new Set<string>([all]);
    for (let i = 1; i < 7; i++) {
      await pick(page, categories.nth(i));
      byCategory.add(await mapContent(page));
    }
    expect(byCategory.size).toBeGreaterThan(2);
    await pick(page, page.getByRole('radio', { name: 'All categories' }));
    expect(await mapContent(page)).toBe(all);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens a marker, reports and shares the event, and closes back to /', async () => {
    const { page, errors, close } = await openPage(browser, {
      storage: settledStorage(),
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    // Clusters zoom in when clicked, until single markers show (a group lists events at one place).
    const single = page.locator('.evm-marker:not(.evm-group)');
    for (let i = 0; i < 8 && (await single.count()) === 0; i++) {
      await page.locator('.evm-cluster').first().click();
      await page.waitForTimeout(500);
    }
    const marker = single.first();
    const title = await marker.getAttribute('title');
    const view = page.waitForRequest(
      (r) => r.url().endsWith('/stats') && r.postData()?.includes('map_marker') === true,
    );
    // Open it from the keyboard (Enter), as for a button.
    await marker.focus();
    await page.keyboard.press('Enter');
    expect((await view).postDataJSON()).toEqual({ type: 'view', value: 'map_marker' });
    await page.waitForURL(/\/events\/[^/]+$/);
    const modal = dialog(page);
    await modal.getByRole('heading', { name: title ?? '' }).waitFor();
    await modal.getByText('Place:').waitFor();

    await modal.getByRole('button', { name: 'Report this event' }).click();
    // The question takes the focus; its choices are read by their labels.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
      .toBe('wrong-info');
    await modal.getByRole('button', { name: 'Send the report' }).click();
    await modal.getByText('Choose a reason.').waitFor();
    await modal.getByRole('radio', { name: 'Wrong information' }).check();
    await modal.getByRole('button', { name: 'Send the report' }).click();
    await modal.getByText('Thank you, this event was reported.').waitFor();
    expect(await modal.getByRole('button', { name: 'Report this event' }).count()).toBe(0);

    const shareClick = page.waitForRequest(
      (r) => r.url().endsWith('/stats') && r.postData()?.includes('share_url') === true,
    );
    await modal.getByRole('button', { name: 'Share link' }).click();
    expect((await shareClick).postDataJSON()).toEqual({ type: 'btn_click', value: 'share_url' });
    await page.getByText('Link copied to the clipboard.').waitFor();
    const handle = new URL(page.url()).pathname.split('/').pop();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/events/${handle}`);

    await modal.getByRole('button', { name: 'Close the event' }).click();
    await page.waitForURL(`${server.url}/`);
    await dialog(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  it('opens a direct event link, and replaces a broken one by /', async () => {
    const event = await montrealEvent();
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    const view = page.waitForRequest((r) => r.url().endsWith(`/events/${event.uuid}/stats`));
    await page.goto(`${server.url}/events/${event.handle}`);
    const modal = dialog(page);
    await modal.getByRole('heading', { name: event.titleEn }).waitFor();
    expect((await view).postDataJSON()).toEqual({ type: 'view', value: 'single_modal' });
    if (event.price) await modal.getByText(event.price).waitFor();
    const image = await modal.locator('img').first().getAttribute('src');
    expect(image).toMatch(/^\/uploads\/.+\/(1440|512)\.jpg$/);
    await modal.getByRole('button', { name: 'Close the event' }).click();
    await page.waitForURL(`${server.url}/`);
    // The map was centred on the event, close enough to show its own marker.
    await page.locator(`.evm-marker[title="${event.titleEn}"]`).waitFor();

    await page.goto(`${server.url}/events/no-such-event-here`);
    await page.waitForURL(`${server.url}/`);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await close();
  });

  it('lets a viewer favourite and unfavourite an event', async () => {
    const event = await montrealEvent();
    const viewer = await signupByApi(server, { type: 'viewer', email: uniqueEmail('fav') });
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(viewer.jwt) });
    await page.goto(`${server.url}/events/${event.handle}`);
    const heart = dialog(page).getByRole('button', { name: 'Favourite' });
    await heart.and(page.locator('[aria-pressed="false"]:not([disabled])')).waitFor();
    await heart.click();
    await heart.and(page.locator('[aria-pressed="true"]')).waitFor();

    await page.reload();
    await heart.and(page.locator('[aria-pressed="true"]:not([disabled])')).waitFor();
    await heart.click();
    await heart.and(page.locator('[aria-pressed="false"]')).waitFor();
    await page.reload();
    await heart.and(page.locator('[aria-pressed="false"]:not([disabled])')).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('shows no heart to a visitor', async () => {
    const event = await montrealEvent();
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/events/${event.handle}`);
    await dialog(page).getByRole('heading', { name: event.titleEn }).waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Favourite' }).count()).toBe(0);
    await close();
  });

  it('changes texts and dates with the language', async () => {
    const event = await montrealEvent();
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/events/${event.handle}`);
    const dates = dialog(page).getByRole('group', { name: 'Dates' });
    await dates.waitFor();
    const english = await dates.textContent();
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('radio', { name: 'Aujourd’hui' }).waitFor({ state: 'attached' });
    await page.getByRole('radio', { name: 'Toutes les catégories' }).waitFor({ state: 'attached' });
    await page.goto(`${server.url}/events/${event.handle}`);
    await dialog(page).getByRole('heading', { name: event.titleFr }).waitFor();
    const french = await dialog(page).getByRole('group', { name: 'Dates' }).textContent();
    expect(french).not.toBe(english);
    expect(english).toMatch(/Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/);
    expect(french).toMatch(/lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche/);
    expect(errors).toEqual([]);
    await close();
  });

  it('has no serious or critical accessibility violation on / and on the open modal', async () => {
    const event = await montrealEvent();
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`);
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    expect(await serious()).toEqual([]);
    await page.goto(`${server.url}/events/${event.handle}`);
    await dialog(page).getByRole('heading', { name: event.titleEn }).waitFor();
    await page.screenshot({ path: '/tmp/evmap-modal.png' });
    expect(await serious()).toEqual([]);
    await close();
  });
});

describe('the event modal in a laptop window', () => {
  it('fits 1280×800 with its report button in view, whatever the event', async () => {
    const response = await fetch(`${server.url}/api/v1/public/events/search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        mapBounds: { northLat: 47, eastLng: -71, southLat: 45, westLng: -75 },
        selectedDay: localDay(new Date()),
      }),
    });
    const { events } = (await response.json()) as { events: Event[] };
    // The tallest ones: the most dates, the longest descriptions; those not over yet, or late in the day (when every
    // one is over) those that are, whose modal says so in one more line.
    const tallest = upcomingElseAll(events.filter((event) => event.active))
      .sort(
        (a, b) => b.dates.length - a.dates.length || (b.descriptionEn ?? '').length - (a.descriptionEn ?? '').length,
      )
      .slice(0, 4);
    expect(tallest.length).toBeGreaterThan(0);
    const { page, errors, close } = await openPage(browser, {
      storage: settledStorage(),
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    });
    for (const event of tallest) {
      await page.goto(`${server.url}/events/${event.handle}`);
      const modal = dialog(page);
      await modal.getByRole('heading', { name: event.titleEn }).waitFor();
      const report = modal.getByRole('button', { name: 'Report this event' });
      await report.waitFor();
      // Without scrolling anything: the button lies inside the window and inside the modal's visible part.
      const box = (await report.boundingBox())!;
      const content = (await page.locator('.mantine-Modal-content').boundingBox())!;
      expect(await page.locator('.mantine-Modal-content').evaluate((node) => node.scrollTop)).toBe(0);
      expect(box.y + box.height, event.handle).toBeLessThanOrEqual(Math.min(800, content.y + content.height));
      expect(box.y).toBeGreaterThanOrEqual(content.y);
      await report.click({ trial: true });
    }
    await page.screenshot({ path: '/tmp/evmap-modal-1280x800.png' });
    expect(errors).toEqual([]);
    await close();
  });
});

/** The token of a demo account (`admin`, `trial`, … of apps/api/src/demo/README.md). */
const demoJwt = (account: string) => jwtOf(server, `${account}@demo.evmap.ca`, 'demo1234');

/** The token of the demo administrator. */
const adminJwt = () => demoJwt('admin');

/** Creates an event as the demo administrator. */
async function createEvent(body: Record<string, unknown>): Promise<Event> {
  const response = await fetch(`${server.url}/api/v1/connected/admin/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await adminJwt()}` },
    body: JSON.stringify({ categoryId: 1, address: '1 rue Sainte-Catherine', city: 'Montréal', active: true, ...body }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { event: Event }).event;
}

describe('event notices', () => {
  it('marks a past event; a report is noticed by its reporter alone, with its reason for the administrators', async () => {
    const event = await createEvent({
      titleFr: 'Événement passé',
      titleEn: 'A past event',
      latitude: 45.5,
      longitude: -73.55,
      dates: [{ startDate: '2024-03-02 18:00:00', endDate: '2024-03-02 20:00:00' }],
    });
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/events/${event.handle}`);
    await dialog(page).getByText('This event is past.').waitFor();
    await dialog(page).getByRole('button', { name: 'Report this event' }).click();
    await dialog(page).getByRole('radio', { name: 'Cancelled' }).check();
    await dialog(page).getByRole('button', { name: 'Send the report' }).click();
    await dialog(page).getByText('Thank you, this event was reported.').waitFor();
    await page.reload();
    await dialog(page).getByText('You reported this event. Thank you: an administrator will review it.').waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Report this event' }).count()).toBe(0);

    // Another visitor, in French, sees no mark on the event, and may report it too.
    const other = await openPage(browser, { storage: settledStorage({ [STORAGE_KEYS.lang]: 'fr' }) });
    await other.page.goto(`${server.url}/events/${event.handle}`);
    await dialog(other.page).getByText('Cet événement est passé.').waitFor();
    expect(
      await dialog(other.page)
        .getByText(/signalé/)
        .count(),
    ).toBe(0);
    await dialog(other.page).getByRole('button', { name: 'Signaler cet événement' }).click();
    await dialog(other.page).getByRole('radio', { name: 'Pourriel' }).check();
    await dialog(other.page).getByRole('button', { name: 'Envoyer le signalement' }).click();
    await dialog(other.page).getByText('Merci, cet événement a été signalé.').waitFor();

    // The administrators read the reason in the moderation queue (one report per address: both visitors here share
    // the loopback address, so the second report is absorbed).
    const queue = await fetch(`${server.url}/api/v1/connected/admin/moderation?limit=100`, {
      headers: { Authorization: `Bearer ${await adminJwt()}` },
    });
    const listed = ((await queue.json()) as { events: Array<{ id: number; signalReasons: unknown }> }).events.find(
      (e) => e.id === event.id,
    );
    expect(listed?.signalReasons).toEqual([{ reason: 'cancelled', count: 1 }]);
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.close();
    await close();
  });
});

describe('events the public cannot see', () => {
  it('shows its owner a deactivated event with the inactive notice, and sends the public back to /', async () => {
    const jwt = await demoJwt('trial');
    const own = await fetch(`${server.url}/api/v1/connected/events`, { headers: { Authorization: `Bearer ${jwt}` } });
    const { events } = (await own.json()) as { events: Event[] };
    const inactive = events.find((e) => !e.active);
    if (!inactive) throw new Error('the demo has no inactive event of trial@demo.evmap.ca');

    const owner = await openPage(browser, { storage: signedInStorage(jwt) });
    await owner.page.goto(`${server.url}/events/${inactive.uuid}`);
    await dialog(owner.page).getByRole('heading', { name: inactive.titleEn }).waitFor();
    await dialog(owner.page).getByText('This event is inactive.').waitFor();
    // Not reported nor favourited while hidden from the public.
    expect(await dialog(owner.page).getByRole('button', { name: 'Report this event' }).count()).toBe(0);
    expect(owner.errors.filter((e) => !e.includes('404'))).toEqual([]);
    await owner.close();

    const visitor = await openPage(browser, { storage: settledStorage() });
    await visitor.page.goto(`${server.url}/events/${inactive.uuid}`);
    await visitor.page.waitForURL(`${server.url}/`);
    await visitor.close();
  });

  it('shows an administrator a deleted event and how often an event was reported, in both languages', async () => {
    const event = await createEvent({
      titleFr: 'Événement supprimé',
      titleEn: 'A deleted event',
      latitude: 45.52,
      longitude: -73.57,
      dates: [{ startDate: '2031-05-02 18:00:00', endDate: '2031-05-02 20:00:00' }],
    });
    const jwt = await adminJwt();
    for (const address of ['10.0.0.1', '10.0.0.2']) {
      const signal = await fetch(`${server.url}/api/v1/public/events/${event.uuid}/signal`, {
        method: 'POST',
        headers: { 'X-Forwarded-For': address, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(signal.status).toBeLessThan(300);
    }
    const removed = await fetch(`${server.url}/api/v1/connected/admin/events/id/${event.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${jwt}` },
    });
    expect(removed.status).toBe(204);

    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(jwt) });
    await page.goto(`${server.url}/events/${event.uuid}`);
    await dialog(page).getByText('This event is deleted.').waitFor();
    await dialog(page).getByText('Reported 2 times.').waitFor();
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Français' }).click();
    await page.goto(`${server.url}/events/${event.uuid}`);
    await dialog(page).getByText('Cet événement est supprimé.').waitFor();
    await dialog(page).getByText('Signalé 2 fois.').waitFor();
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await close();
  });
});

describe('favourites refused', () => {
  it('turns the heart back and says so when the server refuses the favourite', async () => {
    const event = await montrealEvent();
    const viewer = await signupByApi(server, { type: 'viewer', email: uniqueEmail('fav-refused') });
    const { page, close } = await openPage(browser, { storage: signedInStorage(viewer.jwt) });
    await page.route('**/api/v1/connected/events/id/*/favorite', (route) =>
      route.request().method() === 'GET'
        ? route.continue()
        : route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":{"global":"Server error"}}' }),
    );
    await page.goto(`${server.url}/events/${event.handle}`);
    const heart = dialog(page).getByRole('button', { name: 'Favourite' });
    await heart.and(page.locator('[aria-pressed="false"]:not([disabled])')).waitFor();
    await heart.click();
    await page.getByText('The favourite could not be saved.').waitFor();
    await heart.and(page.locator('[aria-pressed="false"]')).waitFor();
    await page.unroute('**/api/v1/connected/events/id/*/favorite');
    await page.reload();
    await heart.and(page.locator('[aria-pressed="false"]:not([disabled])')).waitFor();
    await close();
  });
});

describe('live updates', () => {
  it('shows an event created elsewhere without a reload', async () => {
    const jwt = await adminJwt();
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    const tomorrow = page.getByRole('radiogroup', { name: 'Day' }).getByRole('radio').nth(2);
    await pick(page, tomorrow);
    const total = async () => {
      const content = JSON.parse(await mapContent(page)) as { markers: string[]; clusters: string[] };
      // A group marker ("2 events here") stands for its events.
      const events = content.markers.map((text) => Number(/^(\d+) events here$/.exec(text)?.[1] ?? 1));
      return events.reduce((sum, count) => sum + count, 0) + content.clusters.reduce((sum, n) => sum + Number(n), 0);
    };
    const before = await total();

    const day = new Date();
    day.setDate(day.getDate() + 1);
    const created = await fetch(`${server.url}/api/v1/connected/admin/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
      body: JSON.stringify({
        titleFr: 'Événement en direct',
        categoryId: 1,
        address: '1 rue Sainte-Catherine',
        city: 'Montréal',
        latitude: 45.51,
        longitude: -73.56,
        active: true,
        dates: [{ startDate: `${localDay(day)} 18:00:00`, endDate: `${localDay(day)} 20:00:00` }],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    await expect.poll(total, { timeout: 15_000 }).toBe(before + 1);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the map data', () => {
  it('shows a Montréal view from its marker answers alone (1 to 4 tiles), and going back costs no request', async () => {
    const { page, errors, close } = await openPage(browser, {
      storage: settledStorage({
        [STORAGE_KEYS.location]: JSON.stringify({
          location: { lat: 45.5017, lng: -73.5673 },
          date: new Date().toISOString(),
        }),
      }),
    });
    const asked = { markers: [] as string[], searches: 0, inFlight: 0 };
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/api/v1/public/events/search')) asked.searches++;
      if (!url.includes('/api/v1/public/events/markers')) return;
      asked.markers.push(new URL(url).search);
      asked.inFlight++;
    });
    const finished = (request: { url: () => string }) => {
      if (request.url().includes('/api/v1/public/events/markers')) asked.inFlight--;
    };
    page.on('requestfinished', finished);
    page.on('requestfailed', finished);
    await page.goto(`${server.url}/`);
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    await expect.poll(() => asked.inFlight).toBe(0);
    // A view of the city at zoom 10 lies in one or two tiles of zoom 7, every marker in their answers.
    expect(asked.markers.length).toBeGreaterThanOrEqual(1);
    expect(asked.markers.length).toBeLessThanOrEqual(4);
    expect(new Set(asked.markers).size).toBe(asked.markers.length);
    expect(asked.searches).toBe(0);

    // Out to the province (other tiles), then back in: the first view's answers are still held.
    const shown = asked.markers.length;
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => asked.markers.length).toBeGreaterThan(shown);
    await expect.poll(() => asked.inFlight).toBe(0);
    const away = asked.markers.length;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.locator('.evm-marker, .evm-cluster').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.querySelector('.leaflet-zoom-anim') === null)).toBe(true);
    expect(asked.markers.length, asked.markers.join(' ')).toBe(away);
    expect(asked.searches).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
