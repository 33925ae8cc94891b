/**
 * An organisation does its whole job in the browser (issue: organiser screens): signs up and verifies
 * its email from the mail file, publishes an event with a place from the autocomplete, dates with a
 * weekly recurrence and a cover image, finds it on /profile and on the map, edits it, reads its
 * statistics and deletes it; a past event is read-only; axe finds nothing serious, in both languages.
 */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, dayFromToday, PASSWORD, uniqueEmail, verifiedOrganisation } from './support/api';
import { settledStorage, signedInStorage } from './support/app-state';
import { axeViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { codeIn, waitForMail } from './support/mail';
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

const api = <T>(method: string, path: string, body?: unknown, jwt?: string) =>
  apiCall<T>(server, method, path, body, jwt);
const organisation = (name: string) => verifiedOrganisation(server, name);
const day = dayFromToday;

const coverPng = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: '#2f6fdd' } })
    .png()
    .toBuffer();

describe('an organisation in the browser', () => {
  it('signs up, publishes an event, finds it on /profile and the map, edits it, reads its stats, deletes it', async () => {
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    const email = uniqueEmail('publisher');
    const title = `Marché de Noël ${Date.now().toString(36)}`;

    // Sign-up as an organisation, and the code from the mail file.
    await page.goto(`${server.url}/#/auth/signup`);
    const signup = page.getByRole('dialog', { name: 'Create an account' });
    await signup.getByLabel('I publish events (organisation)').check();
    await signup.getByLabel('Business name').fill('Marché Atwater');
    await signup.getByLabel('Email').fill(email);
    await signup.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await signup.getByLabel('I accept the terms of use').check();
    await signup.getByRole('button', { name: 'Create my account' }).click();
    const verify = page.getByRole('dialog', { name: 'Verify your email' });
    await verify.getByLabel('Verification code').fill(codeIn(await waitForMail(server.dataDir, email)));
    await verify.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/profile`);

    // The empty state leads to the create button.
    await page.getByText('You have not created any event yet.').waitFor();
    const formOpenedAt = new Date();
    await page.getByRole('link', { name: 'Create an event' }).first().click();
    await page.waitForURL(`${server.url}/profile/events/create`);
    await page.getByRole('heading', { name: 'New event', level: 1 }).waitFor();

    await page.getByLabel('Title (French)').fill(title);
    await page.getByLabel('Category').selectOption({ label: 'Community' });

    // A cover image, previewed once uploaded.
    await page
      .getByLabel('Images')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() });
    await page.getByRole('img', { name: 'Image 1' }).waitFor();

    // The place, from the autocomplete restricted to Canada.
    await page.getByRole('combobox', { name: 'Search a place' }).fill('Montréal');
    await page
      .getByRole('option', { name: /^Montréal/ })
      .first()
      .click();
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Montréal');
    expect(await page.getByLabel('Province').inputValue()).toBe('QC');
    await page.getByText(/Coordinates: 45\.\d+, -73\.\d+/).waitFor();

    // Two dates, then a weekly recurrence regenerated from the first one.
    // The default starts tomorrow at the next hour: after 23:00 that is midnight of the day after (date-rules'
    // own tests cover the hours); the journey then sets tomorrow itself so that the map finds it on "tomorrow".
    const first = page.getByRole('group', { name: 'Date 1' });
    const defaultDay = await first.getByLabel('Start date').inputValue();
    const expected = [formOpenedAt, new Date()].map((at) => (at.getHours() === 23 ? day(2) : day(1)));
    expect(expected).toContain(defaultDay);
    if (defaultDay !== day(1)) await first.getByLabel('Start date').fill(day(1));
    await page.getByRole('button', { name: 'Add a date' }).click();
    await page.getByRole('group', { name: 'Date 2' }).waitFor();
    await first.getByLabel('Start time').selectOption('19:00');
    await first.getByLabel('End time').selectOption('21:00');
    await page.getByLabel('Recurrence').selectOption({ label: 'Every week' });
    await page.getByRole('group', { name: 'Date 4' }).waitFor();
    expect(await page.getByRole('group', { name: 'Date 2' }).getByLabel('Start date').inputValue()).toBe(day(8));

    // Publishing asks for a confirmation worded for the trial.
    await page.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish this event?' });
    await confirm.getByText('Publishing is free during your free trial.').waitFor();
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(`${server.url}/profile`);
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await upcoming.getByRole('link', { name: title, exact: true }).waitFor();

    // On the map, on its day.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Map' }).click();
    const tomorrow = page.getByRole('radiogroup', { name: 'Day' }).getByRole('radio').nth(2);
    await page.locator(`label[for="${await tomorrow.getAttribute('id')}"]`).click();
    await page.locator('.evm-marker', { hasText: title.slice(0, 20) }).waitFor();

    // Edit its English title.
    await page.goto(`${server.url}/profile`);
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { name: `Edit “${title}”`, level: 1 }).waitFor();
    const uuid = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByLabel('Title (English)').fill('Christmas market');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The event is saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Title (English)').inputValue()).toBe('Christmas market');

    // Statistics after views and clicks.
    for (const stat of [
      { type: 'view', value: 'map_marker' },
      { type: 'view', value: 'single_modal' },
      { type: 'view', value: 'single_modal' },
      { type: 'btn_click', value: 'website' },
    ]) {
      await api('POST', `/public/events/${uuid}/stats`, stat);
    }
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await page.getByRole('heading', { name: 'Views per day' }).waitFor();
    const table = page.getByRole('table', { name: 'Views per day, by source' });
    // The Total row: one view from a marker, two from the event's page, none from an embed on another website.
    await expect.poll(() => table.getByRole('row').last().getByRole('cell').allTextContents()).toEqual(['1', '2', '0']);
    const clicks = page.getByRole('table', { name: 'Clicks per day, by button' });
    expect(await clicks.getByRole('row').last().getByRole('cell').first().textContent()).toBe('1');
    expect(new URL(page.url()).search).toBe('?tab=stats');

    // Delete it, with a confirmation, and back on /profile.
    await page.getByRole('tab', { name: 'Information' }).click();
    await page.getByRole('button', { name: 'Delete the event' }).click();
    await page.getByRole('dialog', { name: 'Delete this event?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${server.url}/profile`);
    await page.getByText('You have not created any event yet.').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a past event read-only, with the reason', async () => {
    const session = await organisation('past');
    const { event } = await api<{ event: { uuid: string } }>(
      'POST',
      '/connected/events',
      {
        titleFr: 'Concert passé',
        categoryId: 3,
        address: '1 rue Sainte-Catherine',
        city: 'Montréal',
        latitude: 45.5,
        longitude: -73.6,
        dates: [{ startDate: `${day(-3)} 19:00:00`, endDate: `${day(-3)} 21:00:00` }],
      },
      session.jwt,
    );
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(session.jwt) });
    await page.goto(`${server.url}/profile`);
    await page
      .getByRole('region', { name: 'Passed' })
      .getByRole('link', { name: 'Concert passé', exact: true })
      .click();
    await page.waitForURL(`${server.url}/profile/events/${event.uuid}`);
    await page.getByText('This event cannot be modified').waitFor();
    expect(await page.getByLabel('Title (French)').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('has no serious accessibility violation on /profile, the form and the stats tab, in English and French', async () => {
    const session = await organisation('axe');
    const { event } = await api<{ event: { uuid: string } }>(
      'POST',
      '/connected/events',
      { titleFr: 'Atelier', dates: [{ startDate: `${day(2)} 10:00:00`, endDate: `${day(2)} 12:00:00` }] },
      session.jwt,
    );
    await api('POST', `/public/events/${event.uuid}/stats`, { type: 'view', value: 'map_marker' });
    for (const lang of ['en', 'fr'] as const) {
      const { page, close } = await openPage(browser, {
        storage: { ...signedInStorage(session.jwt), [STORAGE_KEYS.lang]: lang },
      });
      const found: Record<string, string[]> = {};
      await page.goto(`${server.url}/profile`);
      await page.getByRole('link', { name: 'Atelier' }).waitFor();
      found.profile = await axeViolations(page, 'main');
      await page.goto(`${server.url}/profile/events/create`);
      await page.getByRole('button', { name: lang === 'fr' ? 'Publier' : 'Publish' }).waitFor();
      found.form = await axeViolations(page, 'main');
      await page.goto(`${server.url}/profile/events/${event.uuid}?tab=stats`);
      await page.getByRole('table').first().waitFor({ state: 'attached' });
      found.stats = await axeViolations(page, 'main');
      expect(found).toEqual({ profile: [], form: [], stats: [] });
      await close();
    }
  });
});
