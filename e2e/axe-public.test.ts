/**
 * Accessibility sweep, part 1 of 3 (issue 21): every screen a visitor and a viewer see, in English and French, on a
 * phone (390×844) and a laptop (1280×800): the map home, a first visit's cookie banner and location prompt, the
 * group list of two events at one address, the event modal (before and after a report; with the heart for a
 * viewer), the auth dialogs (with their error and confirmation states), the 404 page, and the viewer's profile and
 * settings pages with the account menu and the deletion confirmation. axe runs on the whole page once its data
 * has loaded and its transitions have ended; any serious or critical violation fails (support/sweep.ts).
 */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, dayFromToday, jwtOf, montrealEventsToday, upcomingElseAll } from './support/api';
import { settledStorage, signedInStorage } from './support/app-state';
import { launchBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import {
  COMBINATIONS,
  cancelDialog,
  dialogOf,
  type Lang,
  type Screen,
  settingsScreens,
  sweep,
  text,
  visit,
} from './support/sweep';

const ADMIN = { email: 'admin@evmap.test', password: 'admin-password-1' };
/** Where the two events at one address are: a town with no demo event near it, where the visitor's map opens. */
const PLACE = { lat: 48.4284, lng: -71.0683 };

let server: TestServer;
let browser: Browser;
let event: Event;
let viewerJwt: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ DEMO_DATA: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
  const adminJwt = await jwtOf(server, ADMIN.email, ADMIN.password);
  // Two events at one address, from today to tomorrow (in progress whatever the hour of the run).
  for (const [titleFr, titleEn] of [
    ['Chorale à la cathédrale', 'Choir at the Cathedral'],
    ['Récital d’orgue', 'Organ Recital'],
  ]) {
    await apiCall(
      server,
      'POST',
      '/connected/admin/events',
      {
        titleFr,
        titleEn,
        categoryId: 3,
        address: '500 rue Racine Est',
        city: 'Saguenay',
        latitude: PLACE.lat,
        longitude: PLACE.lng,
        active: true,
        dates: [{ startDate: `${dayFromToday(0)} 00:00:00`, endDate: `${dayFromToday(1)} 00:00:00` }],
      },
      adminJwt,
    );
  }
  // One not over yet, or late in the day (when every one is over) one that is: the modal then also says so.
  const [found] = upcomingElseAll((await montrealEventsToday(server)).filter((e) => e.images.length > 0 && e.active));
  if (!found) throw new Error('no demo event with an image in Montréal today');
  event = found;
  viewerJwt = await jwtOf(server, 'viewer@demo.evmap.ca', 'demo1234');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const title = (lang: Lang) => (lang === 'fr' ? event.titleFr : (event.titleEn ?? event.titleFr));

/** The event modal of the demo event, opened by its address. */
const eventModal = (name: string): Screen => ({
  name,
  show: async (page, lang) => {
    await page.goto(`${server.url}/events/${event.handle ?? event.uuid}`);
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: title(lang) })
      .waitFor();
  },
});

const authDialog = (hash: string, key: string): Screen => ({
  name: `auth dialog ${hash}`,
  show: (page, lang) => dialogOf(page, text(lang, `auth.${key}.title`), () => page.goto(`${server.url}/${hash}`)),
});

const visitorScreens: Screen[] = [
  {
    name: 'map home',
    show: async (page, lang) => {
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: text(lang, 'map.group', { count: 2 }) }).waitFor();
    },
  },
  {
    name: 'group list',
    show: (page, lang) =>
      dialogOf(page, text(lang, 'map.groupList', { count: 2 }), () =>
        page.getByRole('button', { name: text(lang, 'map.group', { count: 2 }) }).click(),
      ),
  },
  eventModal('event modal'),
  {
    name: 'event modal, why report it',
    show: async (page, lang) => {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(lang, 'event.report') })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('radiogroup', { name: text(lang, 'event.reportReasons.legend') })
        .waitFor();
    },
  },
  {
    name: 'event modal, reported',
    show: async (page, lang) => {
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: text(lang, 'event.reportReasons.spam') }).check();
      await dialog.getByRole('button', { name: text(lang, 'event.reportReasons.send') }).click();
      await dialog.getByText(text(lang, 'event.reported')).waitFor();
    },
  },
  authDialog('#/auth/login', 'login'),
  {
    name: 'auth dialog #/auth/login, with errors',
    show: async (page, lang) => {
      const dialog = page.getByRole('dialog', { name: text(lang, 'auth.login.title') });
      await dialog.getByRole('button', { name: text(lang, 'auth.login.submit'), exact: true }).click();
      await dialog.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  authDialog('#/auth/signup', 'signup'),
  authDialog('#/auth/forgot-pwd', 'forgot'),
  {
    name: 'auth dialog #/auth/forgot-pwd, sent',
    show: async (page, lang) => {
      const dialog = page.getByRole('dialog', { name: text(lang, 'auth.forgot.title') });
      await dialog.getByRole('textbox', { name: text(lang, 'fields.email') }).fill('nobody@example.ca');
      await dialog.getByRole('button', { name: text(lang, 'auth.forgot.submit') }).click();
      await dialog.getByRole('status').getByText(text(lang, 'auth.forgot.checkTitle')).waitFor();
    },
  },
  authDialog('?token=not-a-real-token#/auth/change-pwd', 'changePassword'),
  {
    name: '404 page',
    show: async (page) => {
      await page.goto(`${server.url}/no-such-page`);
      await page.getByText('404', { exact: true }).waitFor();
    },
  },
  {
    name: 'first visit: cookie banner',
    show: async (page, lang) => {
      await page.evaluate(
        ([key, value]) => {
          window.localStorage.clear();
          window.localStorage.setItem(key, value);
        },
        [STORAGE_KEYS.lang, lang] as const,
      );
      await page.goto(`${server.url}/`);
      await page.getByText(text(lang, 'cookies.text')).waitFor();
    },
  },
  {
    // On a phone the location prompt comes once the cookie banner is answered; on a desktop it is already there.
    name: 'first visit: location prompt',
    show: async (page, lang) => {
      await page.getByRole('button', { name: text(lang, 'cookies.accept'), exact: true }).click();
      await page.getByText(text(lang, 'map.location.title')).waitFor();
    },
  },
];

const viewerScreens: Screen[] = [
  { name: '/profile (favourites)', show: (page, lang) => visit(page, '/profile', text(lang, 'pages.favorites')) },
  {
    name: 'account menu',
    show: async (page, lang) => {
      await page.getByRole('button', { name: text(lang, 'menu.open') }).click();
      await page.getByRole('menu').waitFor();
    },
  },
  {
    name: '/profile/me/account',
    show: (page, lang) => visit(page, '/profile/me/account', text(lang, 'pages.account')),
  },
  // Ends on the deletion's confirmation, which the next screen cancels.
  ...settingsScreens,
  {
    name: 'event modal with the heart',
    show: async (page, lang) => {
      await cancelDialog(page, lang);
      await eventModal('').show(page, lang);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(lang, 'event.favorite') })
        .waitFor();
    },
  },
];

describe('every screen of a visitor', () => {
  it.each(COMBINATIONS)('%s: no serious or critical axe violation', async (_label, lang, viewport) => {
    const storage = settledStorage({
      [STORAGE_KEYS.location]: JSON.stringify({ location: PLACE, date: new Date().toISOString() }),
    });
    const found = await sweep(browser, { origin: server.url, lang, viewport, storage, screens: visitorScreens });
    expect(found).toEqual([]);
  });
});

describe('every screen of a viewer', () => {
  it.each(COMBINATIONS)('%s: no serious or critical axe violation', async (_label, lang, viewport) => {
    const storage = signedInStorage(viewerJwt);
    const found = await sweep(browser, { origin: server.url, lang, viewport, storage, screens: viewerScreens });
    expect(found).toEqual([]);
  });
});
