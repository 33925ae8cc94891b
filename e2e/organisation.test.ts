/**
 * An organisation's public page and its calendar feed (issue 26), as a visitor and the organiser walk them: the page
 * lists the organisation's upcoming events, opens one, and gives feed links that answer a calendar with its events;
 * the organiser finds "Your calendar feed" on /profile and reaches the page from it; unknown organisations get their
 * message; English and French, with axe.
 */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, dayFromToday, verifiedOrganisation } from './support/api';
import { settledStorage, signedInStorage } from './support/app-state';
import { axeViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let jwt: string;
const events: Array<{ uuid: string; handle: string; titleFr: string }> = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const session = await verifiedOrganisation(server, 'Salle du Plateau');
  jwt = session.jwt;
  expect(session.user.handle).toBe('salle-du-plateau');
  for (const [titleFr, titleEn, day] of [
    ['Jazz au parc', 'Jazz in the park', 1],
    ['Théâtre de rue', 'Street theatre', 3],
  ] as const) {
    const { event } = await apiCall<{ event: { uuid: string; handle: string; titleFr: string } }>(
      server,
      'POST',
      '/connected/events',
      {
        titleFr,
        titleEn,
        categoryId: 3,
        address: '1260 Rue Sherbrooke O',
        city: 'Montréal',
        latitude: 45.4986,
        longitude: -73.5794,
        dates: [{ startDate: `${dayFromToday(day)} 19:00:00`, endDate: `${dayFromToday(day)} 21:00:00` }],
      },
      jwt,
    );
    events.push(event);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("an organisation's page", () => {
  it('lists its upcoming events, opens one, and gives a calendar feed holding them', async () => {
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/organisations/salle-du-plateau`);
    await page.getByRole('heading', { level: 1, name: 'Salle du Plateau' }).waitFor();
    const upcoming = page.getByRole('region', { name: 'Upcoming events' });
    expect(await upcoming.getByRole('listitem').getByRole('link').allTextContents()).toEqual([
      'Jazz in the park',
      'Street theatre',
    ]);
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Its feed: a calendar with both events.
    const feeds = page.getByRole('region', { name: 'Follow these events' });
    const href = await feeds.getByRole('link', { name: 'Calendar (iCalendar, .ics)' }).getAttribute('href');
    expect(href).toMatch(/\/api\/v1\/public\/organisations\/\d+\/feed\.ics\?lang=en$/);
    const response = await fetch(href!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    const calendar = await response.text();
    expect(calendar).toMatch(/^BEGIN:VCALENDAR/);
    for (const event of events) expect(calendar).toContain(`UID:${event.uuid}@evmap`);
    expect(calendar).toContain('SUMMARY:Jazz in the park');
    const rss = await feeds.getByRole('link', { name: 'RSS feed' }).getAttribute('href');
    expect(await (await fetch(rss!)).text()).toContain('<title><![CDATA[Street theatre]]></title>');

    // "Subscribe": the organisation's own feed, for Apple Calendar or Outlook and Google Calendar.
    await feeds.getByRole('button', { name: 'Subscribe to events' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to these events' });
    await dialog.getByText('The upcoming events of Salle du Plateau.').waitFor();
    expect(await dialog.getByRole('link', { name: 'Add to Apple Calendar or Outlook' }).getAttribute('href')).toBe(
      href!.replace(/^http:/, 'webcal:'),
    );
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // An event opens over the map.
    await upcoming.getByRole('link', { name: 'Jazz in the park' }).click();
    await page.waitForURL(`${server.url}/events/${events[0]!.handle}`);
    await page.getByRole('dialog').getByRole('heading', { name: 'Jazz in the park' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('speaks French, and says when an organisation does not exist', async () => {
    const { page, errors, close } = await openPage(browser, {
      storage: settledStorage({ [STORAGE_KEYS.lang]: 'fr' }),
      locale: 'fr-CA',
    });
    await page.goto(`${server.url}/organisations/salle-du-plateau`);
    await page.getByRole('heading', { level: 1, name: 'Salle du Plateau' }).waitFor();
    const upcoming = page.getByRole('region', { name: 'Événements à venir' });
    await upcoming.getByRole('link', { name: 'Jazz au parc' }).waitFor();
    const feeds = page.getByRole('region', { name: 'Suivre ces événements' });
    const href = await feeds.getByRole('link', { name: 'Agenda (iCalendar, .ics)' }).getAttribute('href');
    expect(await (await fetch(href!)).text()).toContain('SUMMARY:Jazz au parc');
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.goto(`${server.url}/organisations/personne-ici`);
    await page.getByRole('heading', { level: 1, name: 'Organisation introuvable' }).waitFor();
    await page.getByRole('link', { name: 'Retour à la carte' }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    // The page's own request answered 404: the browser logs it, the app does not fail.
    expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
    await close();
  });
});

describe('your calendar feed', () => {
  it.each(['en', 'fr'] as const)(
    '%s: the organiser copies a feed address and reaches the public page',
    async (lang) => {
      const { page, errors, close } = await openPage(browser, {
        storage: { ...signedInStorage(jwt), [STORAGE_KEYS.lang]: lang },
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      await page.goto(`${server.url}/profile`);
      const section = page.getByRole('region', { name: lang === 'en' ? 'Your calendar feed' : "Votre flux d'agenda" });
      const copy = section.getByRole('button', {
        name:
          lang === 'en'
            ? 'Copy the address (Calendar (iCalendar, .ics))'
            : "Copier l'adresse (Agenda (iCalendar, .ics))",
      });
      await copy.click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(new RegExp(`/api/v1/public/organisations/\\d+/feed\\.ics\\?lang=${lang}$`));
      expect(await (await fetch(copied)).text()).toContain(`UID:${events[1]!.uuid}@evmap`);
      expect(await axeViolations(page, 'main')).toEqual([]);
      await section
        .getByRole('link', { name: lang === 'en' ? 'See your public page' : 'Voir votre page publique' })
        .click();
      await page.waitForURL(`${server.url}/organisations/salle-du-plateau`);
      await page.getByRole('heading', { level: 1, name: 'Salle du Plateau' }).waitFor();
      expect(errors).toEqual([]);
      await close();
    },
  );
});
