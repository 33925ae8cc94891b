/**
 * The administrator's dashboard, moderation queue and user forms in the browser (issue: admin area): the menu as a
 * drawer on a phone; events reported by visitors validated, deleted and deactivated from the queue (the
 * deactivated one leaves the map); a user created with the defaults, their plan changed, then deleted; no
 * deletion offered for the administrator (user 1); axe finds nothing serious; the user journey in French.
 */
import { STORAGE_KEYS, TRIAL_MONTHS } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import type { AuthResponse, User } from '@evmap/contract/users';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginByApi, signupByApi, uniqueEmail, verifyByApi } from './support/api';
import { settledStorage, signedInStorage } from './support/app-state';
import { axeViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { waitForMail } from './support/mail';
import { startServer, type TestServer } from './support/server';

const ADMIN = { email: 'admin@example.ca', password: 'admin-password' };

let server: TestServer;
let browser: Browser;
let admin: AuthResponse;
let organiser: AuthResponse;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
  admin = await loginByApi(server, ADMIN.email, ADMIN.password);
  organiser = await signupByApi(server, { type: 'event-manager', email: uniqueEmail('org'), name: 'Salle Bourgie' });
  await verifyByApi(server, organiser);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(
  method: string,
  path: string,
  options: { body?: unknown; jwt?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const { body, jwt, headers = {} } = options;
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Serious and critical accessibility violations of the page. The toasts are left out: their shared container
 * (components/toast-host.tsx, not part of this area) gives its close buttons no name, which is reported apart.
 */
const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD` of today + `days` on this machine's calendar. */
function day(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const TOMORROW = day(1);
const MONTREAL = { northLat: 46, eastLng: -73, southLat: 45, westLng: -74 };

/** An event of the organiser in Montréal tomorrow evening. */
async function publish(titleFr: string): Promise<Event> {
  const { event } = await api<{ event: Event }>('POST', '/connected/events', {
    jwt: organiser.jwt,
    body: {
      titleFr,
      categoryId: 3,
      address: '1339 rue Sherbrooke O',
      city: 'Montréal',
      latitude: 45.4985,
      longitude: -73.5794,
      dates: [{ startDate: `${TOMORROW} 19:00:00`, endDate: `${TOMORROW} 21:00:00` }],
    },
  });
  return event;
}

let visitors = 0;
/** `count` visitors (each from an address of its own: one report counts per address) report the event. */
async function report(event: Event, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    visitors += 1;
    const headers = { 'X-Forwarded-For': `10.9.${visitors}.1` };
    await api('POST', `/public/events/${event.uuid}/signal`, { headers });
  }
}

/** The ids of the events the map finds in Montréal tomorrow. */
async function onTheMap(): Promise<number[]> {
  const { eventIds } = await api<{ eventIds: number[] }>('POST', '/public/events/search', {
    body: { mapBounds: MONTREAL, selectedDay: TOMORROW },
  });
  return eventIds;
}

describe('the admin menu on a phone', () => {
  it('opens as a drawer with the same entries, returns focus to its button and closes on navigation', async () => {
    const { page, errors, close } = await openPage(browser, {
      storage: signedInStorage(admin.jwt),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${server.url}/profile/admin`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // The side menu is folded away: only the button shows.
    expect(await page.getByRole('navigation', { name: 'Administration menu' }).count()).toBe(0);
    const button = page.getByRole('button', { name: 'Open the administration menu' });
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Administration' });
    const menu = drawer.getByRole('navigation', { name: 'Administration menu' });
    await menu.waitFor();
    expect((await menu.locator('a, button').allInnerTexts()).map((text) => text.split('\n')[0]!.trim())).toEqual([
      'Dashboard',
      'Events',
      'Users',
      'Sources',
      'Map',
      'Log out',
    ]);
    expect(await menu.getByRole('link', { name: 'Map (opens in a new tab)' }).getAttribute('target')).toBe('_blank');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(focusedName).toBe('Open the administration menu');

    await button.click();
    await menu.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${server.url}/profile/admin/users`);
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await expect.poll(focusedName).toBe('Open the administration menu');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the moderation queue', () => {
  it('validates one reported event, deletes another and deactivates a third, which leaves the map', async () => {
    const stamp = Date.now().toString(36);
    const [noisy, spam, closed] = await Promise.all([
      publish(`Soirée bruyante ${stamp}`),
      publish(`Annonce douteuse ${stamp}`),
      publish(`Salle fermée ${stamp}`),
    ]);
    await report(noisy!, 3);
    await report(spam!, 2);
    await report(closed!, 1);
    expect(await onTheMap()).toEqual(expect.arrayContaining([noisy!.id, spam!.id, closed!.id]));

    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(admin.jwt) });
    await page.goto(`${server.url}/profile/admin`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const reportedLink = page.getByRole('link', { name: '3 Reported events' });
    await reportedLink.waitFor();
    expect(await reportedLink.getAttribute('href')).toBe(
      '/profile/admin/events?sortField=signaledCount&sortDirection=desc',
    );
    expect(await page.getByRole('link', { name: /^\d+ Events this week$/ }).getAttribute('href')).toBe(
      '/profile/admin/events',
    );

    // Most reported first, each with its count, links and actions.
    const table = page.getByRole('table', { name: 'Reported events' });
    const rows = table.getByRole('row');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.nth(1).getByRole('link').first().textContent()).toBe(noisy!.titleEn);
    expect(await rows.nth(1).getByRole('cell').nth(1).textContent()).toBe('3');
    expect(await rows.nth(2).getByRole('link').first().textContent()).toBe(spam!.titleEn);
    const mapLink = rows.nth(1).getByRole('link', { name: `Open on the map: ${noisy!.titleEn} (opens in a new tab)` });
    expect(await mapLink.getAttribute('href')).toBe(`/events/${noisy!.uuid}`);
    expect(await mapLink.getAttribute('target')).toBe('_blank');
    expect(await table.getByRole('link', { name: noisy!.titleEn, exact: true }).getAttribute('href')).toBe(
      `/profile/admin/events/${noisy!.uuid}`,
    );
    expect(await axeViolations(page)).toEqual([]);

    // Validate: the reports are cleared, the event stays on the map.
    await page.getByRole('button', { name: `Validate ${noisy!.titleEn}` }).click();
    await page.getByText(`The reports of “${noisy!.titleEn}” are cleared; the event stays.`).waitFor();
    await table.getByRole('link', { name: noisy!.titleEn, exact: true }).waitFor({ state: 'detached' });
    const validated = await api<{ event: Event }>('GET', `/connected/admin/events/uuid/${noisy!.uuid}`, {
      jwt: admin.jwt,
    });
    expect(validated.event).toMatchObject({ signaledCount: 0, active: true, deletedAt: null });
    await page.getByRole('link', { name: '2 Reported events' }).waitFor();

    // Delete, after the confirmation.
    await page.getByRole('button', { name: `Delete ${spam!.titleEn}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this event?' });
    await confirm.getByRole('button', { name: 'Delete the event' }).click();
    await page.getByText(`“${spam!.titleEn}” is deleted.`).waitFor();
    await table.getByRole('link', { name: spam!.titleEn, exact: true }).waitFor({ state: 'detached' });

    // Deactivate: it stays in the queue, marked inactive, and leaves the map.
    await page.getByRole('button', { name: `Deactivate ${closed!.titleEn}` }).click();
    await page.getByText(`“${closed!.titleEn}” is deactivated: it no longer shows on the map.`).waitFor();
    const closedRow = rows.filter({ hasText: closed!.titleEn });
    await closedRow.getByText('Inactive').waitFor();
    expect(await closedRow.getByRole('button', { name: `Deactivate ${closed!.titleEn}` }).count()).toBe(0);
    const map = await onTheMap();
    expect(map).toContain(noisy!.id);
    expect(map).not.toContain(spam!.id);
    expect(map).not.toContain(closed!.id);
    const deactivated = await api<{ event: Event }>('GET', `/connected/admin/events/uuid/${closed!.uuid}`, {
      jwt: admin.jwt,
    });
    // The whole event was sent back: only the flag changed.
    expect(deactivated.event).toMatchObject({
      active: false,
      titleFr: closed!.titleFr,
      categoryId: 3,
      address: closed!.address,
      latitude: closed!.latitude,
      dates: closed!.dates,
      creatorId: organiser.user.id,
    });
    expect(errors).toEqual([]);
    await close();

    // On a phone the queue's rows are cards: the actions are in view without scrolling sideways, and the admin
    // area shows neither the public tab bar nor the footer.
    const phone = await openPage(browser, {
      storage: signedInStorage(admin.jwt),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.page.goto(`${server.url}/profile/admin`);
    const queue = phone.page.getByRole('table', { name: 'Reported events' });
    const validate = queue.getByRole('button', { name: `Validate ${closed!.titleEn}` });
    await validate.scrollIntoViewIfNeeded();
    for (const button of [validate, queue.getByRole('button', { name: `Delete ${closed!.titleEn}` })]) {
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await phone.page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    expect(await phone.page.locator('footer').count()).toBe(0);
    expect(await axeViolations(phone.page, 'main')).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.close();

    // A visitor following a link to the deactivated event is sent to the map.
    const visitor = await openPage(browser, { storage: settledStorage() });
    await visitor.page.goto(`${server.url}/events/${closed!.uuid}`);
    await visitor.page.waitForURL(`${server.url}/`);
    await visitor.close();
  });
});

describe('users', () => {
  it('creates a user with the defaults, changes their plan and deletes them, in French', async () => {
    const email = uniqueEmail('nouveau');
    const { page, errors, close } = await openPage(browser, {
      storage: { ...signedInStorage(admin.jwt), [STORAGE_KEYS.lang]: 'fr' },
    });
    await page.goto(`${server.url}/profile/admin/users/create`);
    await page.getByRole('heading', { name: 'Nouvel utilisateur', level: 1 }).waitFor();

    // The defaults: an event-manager on a trial ending in four months, in the administrator's language.
    const end = new Date();
    const dayOfMonth = end.getDate();
    end.setDate(1);
    end.setMonth(end.getMonth() + TRIAL_MONTHS);
    end.setDate(Math.min(dayOfMonth, new Date(end.getFullYear(), end.getMonth() + 1, 0).getDate()));
    expect(await page.getByLabel('Type de compte').inputValue()).toBe('event-manager');
    expect(await page.getByLabel('Forfait').inputValue()).toBe('trial');
    expect(await page.getByLabel('Année').inputValue()).toBe(String(end.getFullYear()));
    expect(await page.getByLabel('Mois').inputValue()).toBe(String(end.getMonth() + 1));
    expect(await page.getByLabel('Jour').inputValue()).toBe(String(end.getDate()));
    expect(await page.getByLabel('Langue préférée').inputValue()).toBe('fr');
    const years = await page.getByLabel('Année').locator('option').allTextContents();
    const year = new Date().getFullYear();
    expect(years.slice(1)).toEqual(Array.from({ length: 10 }, (_, i) => String(year + i)));
    expect(await page.getByLabel('Jour').locator('option').count()).toBe(32);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: /^Nom/ }).fill('Théâtre du Marais');
    await page.getByLabel('Courriel').fill(email);
    await page.getByRole('button', { name: "Créer l'utilisateur" }).click();
    await page.getByRole('heading', { name: "Modifier l'utilisateur", level: 1 }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const created = (await api<{ user: User }>('GET', `/connected/admin/users/id/${id}`, { jwt: admin.jwt })).user;
    expect(created).toMatchObject({
      email,
      name: 'Théâtre du Marais',
      type: 'event-manager',
      planType: 'trial',
      preferredLang: 'fr',
      acceptTerms: true,
    });
    expect(created.trialEndedAt?.slice(0, 10)).toBe(
      `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}`,
    );
    // The new user is mailed a link to choose a password.
    await waitForMail(server.dataDir, email);

    // A plan change is sent after the user save.
    expect(await page.getByLabel('Courriel').inputValue()).toBe(email);
    await page.getByLabel('Forfait').selectOption({ label: 'Forfait complet, offert' });
    const planCall = page.waitForRequest((request) => request.url().endsWith(`/connected/admin/users/${id}/plans`));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await planCall).postDataJSON()).toEqual({ planType: 'free-complete' });
    await page.getByText("L'utilisateur est enregistré.").waitFor();
    const changed = (await api<{ user: User }>('GET', `/connected/admin/users/id/${id}`, { jwt: admin.jwt })).user;
    expect(changed.planType).toBe('free-complete');
    expect(await axeViolations(page)).toEqual([]);

    // Deleted after the confirmation, then back to the list.
    await page.getByRole('button', { name: "Supprimer l'utilisateur" }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer cet utilisateur ?' });
    await confirm.getByText(email).waitFor();
    await confirm.getByRole('button', { name: "Supprimer l'utilisateur" }).click();
    await page.waitForURL(`${server.url}/profile/admin/users`);
    await page.getByText("L'utilisateur est supprimé.").waitFor();
    const deleted = (await api<{ user: User }>('GET', `/connected/admin/users/id/${id}`, { jwt: admin.jwt })).user;
    expect(deleted.deletedAt).not.toBeNull();
    expect(errors).toEqual([]);
    await close();
  });

  it('offers no deletion of the administrator, who is user 1', async () => {
    expect(admin.user.id).toBe(1);
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(admin.jwt) });
    await page.goto(`${server.url}/profile/admin/users/1`);
    await page.getByRole('heading', { name: 'Edit user', level: 1 }).waitFor();
    await page.getByText(/This account cannot be deleted/).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(ADMIN.email);
    expect(await page.getByRole('button', { name: 'Delete the user' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
