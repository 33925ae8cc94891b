/**
 * An administrator creates and edits events with the organiser's event form in admin mode: the creator is
 * chosen among non-administrators and brings their phone and website, coordinates are editable, the admin
 * rules apply, and the statistics come from the admin call.
 */
import AxeBuilder from '@axe-core/playwright';
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, dayFromToday, loginByApi, signupByApi, uniqueEmail } from './support/api';
import { signedInStorage } from './support/app-state';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

const ADMIN = { email: 'admin@evmap.test', password: 'an-admin-password' };

let server: TestServer;
let browser: Browser;
let adminJwt: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
  adminJwt = (await loginByApi(server, ADMIN.email, ADMIN.password)).jwt;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = <T>(method: string, path: string, body?: unknown, jwt = adminJwt) =>
  apiCall<T>(server, method, path, body, jwt);
const day = dayFromToday;

/** An organisation with a phone and a website, to be chosen as a creator. */
async function organisation(name: string, phoneNumber: string, website: string) {
  const session = await signupByApi(server, { type: 'event-manager', email: uniqueEmail('creator'), name });
  await api('PUT', '/connected/me', { phoneNumber, website }, session.jwt);
  return session.user;
}

async function pickCreator(page: Page, text: string, option: string): Promise<void> {
  const creator = page.getByRole('combobox', { name: 'Creator' });
  await creator.click();
  await creator.fill(text);
  await page.getByRole('option', { name: option }).click();
}

describe("an administrator's event form", () => {
  it('creates an event for an organisation, then reassigns it and sees the new phone copied', async () => {
    const first = await organisation('Théâtre du Nouveau Monde', '5145550101', 'tnm.qc.ca');
    const second = await organisation('Salle Bourgie', '5145550202', 'sallebourgie.ca');
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(adminJwt) });

    await page.goto(`${server.url}/profile/admin/events/create`);
    await page.getByRole('heading', { name: 'New event', level: 1 }).waitFor();
    await page.getByLabel('Title (French)').fill('Gala de fin d’année');
    await pickCreator(page, 'Nouveau', `Théâtre du Nouveau Monde (${first.email})`);
    await expect.poll(() => page.getByLabel('Phone').inputValue()).toBe('(514) 555-0101');
    expect(await page.getByLabel('Website').inputValue()).toBe('https://tnm.qc.ca');
    await page.getByLabel('Latitude').fill('45.5088');
    await page.getByLabel('Longitude').fill('-73.5617');
    await page.getByRole('button', { name: 'Create the event' }).click();
    await page.waitForURL(`${server.url}/profile/admin/events`);

    const { events } = await api<{ events: Array<{ uuid: string; creatorId: number; latitude: number }> }>(
      'GET',
      '/connected/admin/events?search=Gala',
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ creatorId: first.id, latitude: 45.5088 });

    // Editing asks for what an administrator must give: category, dates, address.
    await page.goto(`${server.url}/profile/admin/events/${events[0]!.uuid}`);
    await page.getByRole('heading', { name: 'Edit event', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Creator' }).inputValue()).toBe(first.email);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Category is required').waitFor();
    await page.getByText('Address is required').waitFor();
    await page.getByLabel('Category').selectOption({ label: 'Cultural' });
    await page.getByLabel('Address', { exact: true }).fill('175 rue Sainte-Catherine O');
    await pickCreator(page, 'Bourgie', `Salle Bourgie (${second.email})`);
    await expect.poll(() => page.getByLabel('Phone').inputValue()).toBe('(514) 555-0202');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The event is saved.').waitFor();
    const { event } = await api<{ event: { creatorId: number; phoneNumber: string; website: string } }>(
      'GET',
      `/connected/admin/events/uuid/${events[0]!.uuid}`,
    );
    expect(event).toMatchObject({
      creatorId: second.id,
      phoneNumber: '5145550202',
      website: 'https://sallebourgie.ca',
    });
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
    await close();
  });

  it('shows the statistics from the admin call and deletes the event, in French, without accessibility violations', async () => {
    const { event } = await api<{ event: { uuid: string } }>('POST', '/connected/admin/events', {
      titleFr: 'Marché public',
      categoryId: 2,
      address: '7070 avenue Henri-Julien',
      city: 'Montréal',
      latitude: 45.5363,
      longitude: -73.6143,
      dates: [{ startDate: `${day(1)} 09:00:00`, endDate: `${day(1)} 17:00:00` }],
    });
    await api('POST', `/public/events/${event.uuid}/stats`, { type: 'view', value: 'single_modal' });
    const { page, errors, close } = await openPage(browser, {
      storage: { ...signedInStorage(adminJwt), [STORAGE_KEYS.lang]: 'fr' },
    });
    await page.goto(`${server.url}/profile/admin/events/${event.uuid}`);
    await page.getByRole('heading', { name: "Modifier l'événement", level: 1 }).waitFor();
    await page.getByLabel(/Actif/).waitFor();
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await page.getByRole('tab', { name: 'Statistiques' }).click();
    const table = page.getByRole('table', { name: 'Vues par jour, selon la provenance' });
    // Markers, the event's page, embeds on other websites.
    await expect.poll(() => table.getByRole('row').last().getByRole('cell').allTextContents()).toEqual(['0', '1', '0']);

    await page.getByRole('tab', { name: 'Informations' }).click();
    await page.getByRole('button', { name: "Supprimer l'événement" }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer cet événement ?' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await page.waitForURL(`${server.url}/profile/admin/events`);
    const { event: deleted } = await api<{ event: { deletedAt: string | null } }>(
      'GET',
      `/connected/admin/events/uuid/${event.uuid}`,
    );
    expect(deleted.deletedAt).not.toBeNull();
    expect(errors).toEqual([]);
    await close();
  });
});
