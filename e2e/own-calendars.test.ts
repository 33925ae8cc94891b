/**
 * An organisation's own calendars (issue 25), against the real server started with IMPORT_ALLOW_PRIVATE=1 and a
 * small iCalendar server on 127.0.0.1: an organiser on its trial connects its calendar in its account settings,
 * runs it now, sees the counts, and finds its event in the list view tomorrow; axe on the section. In English and
 * in French, each with its own calendar.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { STORAGE_KEYS } from '@evmap/contract/constants';
import { errorMessage } from '@evmap/contract/errors';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, verifiedOrganisation } from './support/api';
import { signedInStorage } from './support/app-state';
import { axeViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { type Lang, text } from './support/sweep';

let server: TestServer;
let browser: Browser;
let feeds: Server;
let feedOrigin: string;

const titles: Record<Lang, string> = { en: 'Open rehearsal at the hall', fr: 'Répétition ouverte à la salle' };

/** The calendar of a language: one event tomorrow evening in Montréal, with its coordinates. */
function calendar(lang: Lang): string {
  const day = dayFromToday(1).replaceAll('-', '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//EventMap journeys//EN',
    'BEGIN:VEVENT',
    `UID:own-${lang}@example.ca`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=America/Toronto:${day}T180000`,
    `DTEND;TZID=America/Toronto:${day}T200000`,
    `SUMMARY:${titles[lang]}`,
    'DESCRIPTION:Everyone welcome.',
    'LOCATION:1339 rue Sherbrooke Ouest, Montréal, QC',
    `GEO:${lang === 'en' ? '45.4986;-73.5794' : '45.4990;-73.5790'}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

beforeAll(async () => {
  feeds = createServer((request, response) => {
    const lang = /^\/own-(en|fr)\.ics$/.exec(request.url ?? '')?.[1] as Lang | undefined;
    if (!lang) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(calendar(lang));
  });
  feeds.listen(0, '127.0.0.1');
  await once(feeds, 'listening');
  const address = feeds.address();
  if (address === null || typeof address === 'string') throw new Error('no feed server address');
  feedOrigin = `http://127.0.0.1:${address.port}`;
  [server, browser] = await Promise.all([startServer({ IMPORT_ALLOW_PRIVATE: '1' }), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  feeds?.close();
});

describe.each(['en', 'fr'] as const)('an organisation’s calendar (%s)', (lang) => {
  const t = (key: string, values: Record<string, string | number> = {}) => text(lang, key, values);

  it('is connected in the settings, run, counted, and its event is in the list view', async () => {
    const organisation = await verifiedOrganisation(server, lang === 'en' ? 'Hall of music' : 'Salle de musique');
    const { page, errors, close } = await openPage(browser, {
      storage: {
        ...signedInStorage(organisation.jwt),
        [STORAGE_KEYS.lang]: lang,
        [STORAGE_KEYS.location]: JSON.stringify({
          location: { lat: 45.5017, lng: -73.5673 },
          date: new Date().toISOString(),
        }),
      },
      locale: lang === 'fr' ? 'fr-CA' : 'en-CA',
    });
    const name = lang === 'en' ? 'Our season' : 'Notre saison';

    await page.goto(`${server.url}/profile/me/account`);
    const section = page.getByRole('region', { name: t('calendars.title') });
    await section.getByText(t('calendars.empty')).waitFor();

    // An empty submit shows the rules on their fields; then the calendar is connected.
    const form = section.getByRole('form', { name: t('calendars.form.label') });
    await form.getByRole('button', { name: t('calendars.form.submit') }).click();
    await form
      .getByText(errorMessage('fieldRequired', lang, { field: t('calendars.form.name') }), { exact: true })
      .waitFor();
    await form.getByRole('textbox', { name: t('calendars.form.name') }).fill(name);
    await form.getByRole('textbox', { name: t('calendars.form.url') }).fill(`${feedOrigin}/own-${lang}.ics`);
    await form.getByRole('button', { name: t('calendars.form.submit') }).click();
    const card = section.getByRole('article', { name });
    await card.getByText(t('sources.runStatus.never')).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Run now: the counts of the run.
    await card.getByRole('button', { name: t('sources.actions.runNamed', { name }) }).click();
    const counts = [
      t('sources.counts.created', { count: 1, value: '1' }),
      t('sources.counts.updated', { count: 0, value: '0' }),
      t('sources.counts.unchanged', { count: 0, value: '0' }),
      t('sources.counts.removed', { count: 0, value: '0' }),
      t('sources.counts.rejected', { count: 0, value: '0' }),
    ].join(' · ');
    await card.getByText(counts, { exact: true }).waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: t('calendars.showRuns') }).click();
    await card.getByRole('article').first().waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    // The event, tomorrow, in the list view of the home.
    await page.goto(`${server.url}/?view=list`);
    const list = page.getByRole('region', { name: t('list.heading') });
    await list
      .getByRole('link')
      .first()
      .or(page.getByText(t('list.empty')))
      .first()
      .waitFor();
    const days = page.getByRole('radiogroup', { name: t('map.days') }).getByRole('radio');
    await page.locator(`label[for="${await days.nth(2).getAttribute('id')}"]`).click();
    await list.getByRole('link', { name: new RegExp(titles[lang]) }).waitFor();
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
