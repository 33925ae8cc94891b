/**
 * Import sources (issue 25) as an administrator uses them, against the real server started with
 * IMPORT_ALLOW_PRIVATE=1 and a small iCalendar server on 127.0.0.1: the source added through the admin form, run
 * now, its counts seen, its event found in the list view tomorrow and opened (with its credit, and its French-only
 * texts marked "not translated" in English), a second run that changes nothing; then the same calendar as a second
 * source: its record is linked to the event, shown in the dashboard's possible duplicates and split there; axe on
 * the screens. In English and in French, each with its own calendar.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { STORAGE_KEYS } from '@evmap/contract/constants';
import { errorMessage } from '@evmap/contract/errors';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, dayFromToday, loginByApi } from './support/api';
import { signedInStorage } from './support/app-state';
import { axeViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { type Lang, text } from './support/sweep';

const ADMIN = { email: 'admin@example.ca', password: 'admin-password-1' };

let server: TestServer;
let browser: Browser;
let feeds: Server;
let feedOrigin: string;
let jwt: string;
const owners: Record<string, number> = {};

/** The calendar of a language: one event tomorrow evening in Montréal, with its coordinates. */
const calendars: Record<Lang, { title: string; body: string }> = {
  en: { title: '', body: '' },
  fr: { title: '', body: '' },
};

function calendar(lang: Lang): { title: string; body: string } {
  const day = dayFromToday(1).replaceAll('-', '');
  const title = lang === 'en' ? 'Jazz by the canal' : 'Chorale au parc La Fontaine';
  const [lat, lng] = lang === 'en' ? ['45.4772', '-73.5868'] : ['45.5270', '-73.5697'];
  const body = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//EventMap journeys//EN',
    'BEGIN:VEVENT',
    `UID:journey-${lang}@example.ca`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=America/Toronto:${day}T190000`,
    `DTEND;TZID=America/Toronto:${day}T210000`,
    `SUMMARY:${title}`,
    'DESCRIPTION:Free, outdoors.',
    `LOCATION:${lang === 'en' ? '1 rue Saint-Patrick' : '3933 avenue du Parc-La Fontaine'}, Montréal, QC`,
    `GEO:${lat};${lng}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  return { title, body };
}

beforeAll(async () => {
  calendars.en = calendar('en');
  calendars.fr = calendar('fr');
  feeds = createServer((request, response) => {
    const lang = /^\/agenda-(en|fr)\.ics$/.exec(request.url ?? '')?.[1] as Lang | undefined;
    if (!lang) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(calendars[lang].body);
  });
  feeds.listen(0, '127.0.0.1');
  await once(feeds, 'listening');
  const address = feeds.address();
  if (address === null || typeof address === 'string') throw new Error('no feed server address');
  feedOrigin = `http://127.0.0.1:${address.port}`;

  [server, browser] = await Promise.all([
    startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, IMPORT_ALLOW_PRIVATE: '1' }),
    launchBrowser(),
  ]);
  jwt = (await loginByApi(server, ADMIN.email, ADMIN.password)).jwt;
  for (const [name, email] of [
    ['Ville de Montréal — données ouvertes', 'donnees@example.ca'],
    ['Maison de la culture', 'culture@example.ca'],
  ] as const) {
    const created = await apiCall<{ user: { id: number } }>(
      server,
      'POST',
      '/connected/admin/users',
      { name, email, type: 'event-manager' },
      jwt,
    );
    owners[email] = created.user.id;
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  feeds?.close();
});

/** The figure of `key` in the latest run (the first run card). */
const latestCount = (page: Page, lang: Lang, key: string) =>
  page
    .getByRole('article')
    .first()
    .locator('dt', { hasText: new RegExp(`^${text(lang, `sources.countLabels.${key}`)}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();

/** Waits until the source's page shows `count` runs. */
const runCount = async (page: Page, count: number) =>
  expect.poll(() => page.getByRole('article').count(), { timeout: 20_000 }).toBe(count);

describe.each(['en', 'fr'] as const)('an import source (%s)', (lang) => {
  const t = (key: string, values: Record<string, string | number> = {}) => text(lang, key, values);

  it('is added, run, found on the list view with its credit, and a second run changes nothing', async () => {
    const { page, errors, close } = await openPage(browser, {
      storage: {
        ...signedInStorage(jwt),
        [STORAGE_KEYS.lang]: lang,
        [STORAGE_KEYS.location]: JSON.stringify({
          location: { lat: 45.5017, lng: -73.5673 },
          date: new Date().toISOString(),
        }),
      },
      locale: lang === 'fr' ? 'fr-CA' : 'en-CA',
    });
    const sourceName = lang === 'en' ? 'Canal calendar' : 'Agenda des parcs';

    // The admin menu's new entry, then the empty list.
    await page.goto(`${server.url}/profile/admin`);
    await page
      .getByRole('navigation', { name: t('admin.menu') })
      .getByRole('link', { name: t('admin.sources') })
      .click();
    await page.getByRole('heading', { name: t('sources.title'), level: 1 }).waitFor();
    await page.getByRole('table', { name: t('sources.caption') }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    // The form: an empty submit shows the rules on their fields, then a full source is added.
    await page.getByRole('link', { name: t('sources.create') }).click();
    await page.getByRole('heading', { name: t('sources.createTitle'), level: 1 }).waitFor();
    await page.getByRole('button', { name: t('sources.form.create') }).click();
    await page
      .getByText(errorMessage('fieldRequired', lang, { field: t('sources.fields.name') }), { exact: true })
      .waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('textbox', { name: t('sources.fields.name') }).fill(sourceName);
    await page.getByRole('textbox', { name: t('sources.fields.url') }).fill(`${feedOrigin}/agenda-${lang}.ics`);
    const owner = page.getByRole('combobox', { name: t('sources.fields.ownerId') });
    await owner.click();
    await owner.fill('donnees');
    await page.getByRole('option', { name: 'Ville de Montréal — données ouvertes (donnees@example.ca)' }).click();
    await page.getByRole('combobox', { name: t('sources.fields.defaultCategoryId') }).selectOption({ index: 1 });
    await page.getByRole('checkbox', { name: t('sources.fields.publishAtOnce') }).check();
    await page.getByRole('textbox', { name: t('sources.fields.licence') }).fill('CC BY 4.0');
    await page.getByRole('textbox', { name: t('sources.fields.attribution') }).fill('Ville de Montréal');
    await page.getByRole('button', { name: t('sources.form.create') }).click();

    // Its page: never run; run it now and see the counts.
    await page.getByRole('heading', { name: sourceName, level: 1 }).waitFor();
    await page.getByText(t('sources.runs.none')).waitFor();
    await page.getByRole('button', { name: t('sources.actions.run'), exact: true }).click();
    await runCount(page, 1);
    await expect.poll(() => latestCount(page, lang, 'created')).toBe('1');
    expect(await latestCount(page, lang, 'rejected')).toBe('0');
    expect(await axeViolations(page, 'main')).toEqual([]);

    // The list shows it with its last run.
    await page
      .getByRole('navigation', { name: t('admin.menu') })
      .getByRole('link', { name: t('admin.sources') })
      .click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: sourceName }) });
    await row.getByText(t('sources.runStatus.succeeded')).waitFor();
    await row.getByText(t('sources.eventCount', { count: 1 })).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    // On a phone: the rows as cards, the menu in a drawer.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('table[data-layout="cards"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t('admin.openMenu') }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: t('admin.sources') })
      .waitFor();
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The event, tomorrow, in the list view of the home; opened, with the source's credit.
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
    const event = list.getByRole('link', { name: new RegExp(calendars[lang].title) });
    await event.waitFor();
    await event.click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: calendars[lang].title }).waitFor();
    const credit = modal.getByRole('region', { name: t('sourceCredit.heading') });
    expect(await credit.textContent()).toContain(t('sourceCredit.importedFrom', { name: sourceName }));
    expect(await credit.textContent()).toContain('CC BY 4.0');
    // The calendar is written in French only: in English its title and description are the French originals,
    // in their language, each marked; in French nothing is marked.
    const marks = modal.getByText(t('event.notTranslated'), { exact: true });
    if (lang === 'en') {
      await marks.first().waitFor();
      expect(await marks.count()).toBe(2);
      expect(await modal.getByText(calendars.en.title, { exact: true }).getAttribute('lang')).toBe('fr');
    } else expect(await marks.count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // A second run: everything unchanged.
    await page.goto(`${server.url}/profile/admin/sources`);
    await page.getByRole('link', { name: sourceName }).click();
    await runCount(page, 1);
    await page.getByRole('button', { name: t('sources.actions.run'), exact: true }).click();
    await runCount(page, 2);
    await expect.poll(() => latestCount(page, lang, 'unchanged')).toBe('1');
    expect(await latestCount(page, lang, 'created')).toBe('0');
    expect(await latestCount(page, lang, 'updated')).toBe('0');
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('links a second source’s same record to the event, and the dashboard splits it', async () => {
    // The same calendar again, under another organisation: its record is the event already on the map.
    const name = lang === 'en' ? 'Canal calendar (copy)' : 'Agenda des parcs (copie)';
    const { source } = await apiCall<{ source: { id: number } }>(
      server,
      'POST',
      '/connected/admin/sources',
      {
        name,
        kind: 'icalendar',
        url: `${feedOrigin}/agenda-${lang}.ics`,
        ownerId: owners['culture@example.ca'],
        publishAtOnce: true,
      },
      jwt,
    );
    const { run } = await apiCall<{ run: { counts: { created: number; linked: number } } }>(
      server,
      'POST',
      `/connected/admin/sources/${source.id}/runs`,
      undefined,
      jwt,
    );
    expect(run.counts).toMatchObject({ created: 0, linked: 1 });

    const { page, errors, close } = await openPage(browser, {
      storage: { ...signedInStorage(jwt), [STORAGE_KEYS.lang]: lang },
      locale: lang === 'fr' ? 'fr-CA' : 'en-CA',
    });
    await page.goto(`${server.url}/profile/admin`);
    const section = page.getByRole('region', { name: t('importLinks.heading') });
    const row = section.getByRole('row').filter({ hasText: name });
    await row.getByRole('link', { name: new RegExp(calendars[lang].title) }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await row.getByRole('button', { name: t('importLinks.splitLabel', { title: calendars[lang].title }) }).click();
    const dialog = page.getByRole('dialog', { name: t('importLinks.confirmTitle') });
    await dialog.getByRole('button', { name: t('importLinks.split') }).click();
    await row.waitFor({ state: 'detached' });
    const { sources } = await apiCall<{ sources: Array<{ id: number; eventCount: number }> }>(
      server,
      'GET',
      '/connected/admin/sources',
      undefined,
      jwt,
    );
    expect(sources.find((s) => s.id === source.id)?.eventCount).toBe(1);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
