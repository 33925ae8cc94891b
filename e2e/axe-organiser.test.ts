/**
 * Accessibility sweep, part 2 of 3 (issue 21): every screen an organisation sees, in English and French, on a phone
 * (390×844) and a laptop (1280×800), as the demo's trial, unit, complete and canceled organisations and a new one
 * whose email is not verified yet: /profile (welcome message, own events, plan popup), the event form (empty, with
 * errors, its publishing confirmation), an event's edit page (information and statistics tabs, a past event, the
 * deletion confirmation), the settings pages (with the card form, the saved card and invoices, the card's and the
 * account's deletion confirmations), the plans page (the confirmations of a change and of cancelling, the refusal
 * of a plan without a card)
 * and the email verification dialog. axe runs on the whole page once its data has loaded and its transitions have
 * ended; any serious or critical violation fails (support/sweep.ts).
 */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, jwtOf, signupByApi, uniqueEmail } from './support/api';
import { signedInStorage } from './support/app-state';
import { launchBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import {
  COMBINATIONS,
  cancelDialog,
  dialogOf,
  type Screen,
  settingsScreens,
  sweep,
  text,
  visit,
} from './support/sweep';

let server: TestServer;
let browser: Browser;
const jwts: Record<'trial' | 'unit' | 'complete' | 'canceled' | 'pending', string> = {
  trial: '',
  unit: '',
  complete: '',
  canceled: '',
  pending: '',
};
let upcoming: Event;
let passed: Event;

/** The heading of an event's edit page: it names the event, in the reader's language. */
const editHeading = (lang: 'en' | 'fr', event: Event) =>
  text(lang, 'pages.eventEditNamed', { title: lang === 'en' && event.titleEn ? event.titleEn : event.titleFr });

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_DATA: '1' }), launchBrowser()]);
  for (const plan of ['trial', 'unit', 'complete', 'canceled'] as const) {
    jwts[plan] = await jwtOf(server, `${plan}@demo.evmap.ca`, 'demo1234');
  }
  jwts.pending = (await signupByApi(server, { type: 'event-manager', email: uniqueEmail('axe'), name: 'Atelier' })).jwt;
  const { events } = await apiCall<{ events: Event[] }>(server, 'GET', '/connected/events', undefined, jwts.complete);
  const found = { upcoming: events.find((e) => e.active && !e.isPast), passed: events.find((e) => e.isPast) };
  if (!found.upcoming || !found.passed)
    throw new Error('the complete demo organisation lacks an upcoming or past event');
  upcoming = found.upcoming;
  passed = found.passed;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The trial organisation: welcome message, own events, the event form, settings with the card form, plans. */
const trialScreens: Screen[] = [
  {
    name: 'welcome message',
    show: async (page, lang) => {
      await page.evaluate((key) => window.localStorage.removeItem(key), STORAGE_KEYS.welcome);
      await page.goto(new URL('/profile', page.url()).href);
      await page.getByRole('dialog', { name: text(lang, 'welcome.title') }).waitFor();
    },
  },
  {
    name: '/profile (trial)',
    show: async (page, lang) => {
      const welcome = page.getByRole('dialog', { name: text(lang, 'welcome.title') });
      await welcome.getByRole('button', { name: text(lang, 'welcome.start') }).click();
      await welcome.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: text(lang, 'pages.myEvents') }).waitFor();
    },
  },
  {
    name: '/profile/events/create',
    show: (page, lang) => visit(page, '/profile/events/create', text(lang, 'pages.eventCreate')),
  },
  {
    name: '/profile/events/create, with errors',
    show: async (page, lang) => {
      await page.getByRole('button', { name: text(lang, 'eventForm.publish.submit'), exact: true }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  {
    name: '/profile/events/create, publishing confirmation',
    show: async (page, lang) => {
      await page.getByRole('textbox', { name: text(lang, 'fields.titleFr') }).fill('Atelier de poterie');
      await dialogOf(page, text(lang, 'eventForm.publish.title'), () =>
        page.getByRole('button', { name: text(lang, 'eventForm.publish.submit'), exact: true }).click(),
      );
    },
  },
  {
    name: '/profile/me/account (card form)',
    show: async (page, lang) => {
      await cancelDialog(page, lang);
      await visit(page, '/profile/me/account', text(lang, 'pages.account'));
      await page.getByRole('form', { name: text(lang, 'card.formLabel') }).waitFor();
    },
  },
  {
    name: '/profile/me/plans (trial)',
    show: (page, lang) => visit(page, '/profile/me/plans', text(lang, 'pages.plans')),
  },
  {
    name: '/profile/me/plans, change confirmation (trial to no plan)',
    show: (page, lang) =>
      dialogOf(page, text(lang, 'plans.confirm.title.canceled'), () =>
        page.getByRole('button', { name: text(lang, 'plans.cancel.button') }).click(),
      ),
  },
  {
    // A paid plan without a saved card: said before any confirmation, with the link to the account page.
    name: '/profile/me/plans, no card',
    show: async (page, lang) => {
      await cancelDialog(page, lang);
      await page.getByRole('button', { name: text(lang, 'plans.choose.unit') }).click();
      await page.getByRole('link', { name: text(lang, 'plans.accountLink') }).waitFor();
    },
  },
  ...settingsScreens,
];

/** The complete organisation: its events (upcoming and past), an event's tabs, the saved card, plan cancelling. */
const completeScreens: Screen[] = [
  {
    name: '/profile (complete)',
    show: async (page, lang) => {
      await visit(page, '/profile', text(lang, 'pages.myEvents'));
      await page.getByRole('heading', { name: text(lang, 'profile.passed') }).waitFor();
    },
  },
  {
    name: '/profile/events/:uuid',
    show: async (page, lang) => {
      await visit(page, `/profile/events/${upcoming.uuid}`, editHeading(lang, upcoming));
      await page.getByRole('textbox', { name: text(lang, 'fields.titleFr') }).waitFor();
    },
  },
  {
    name: '/profile/events/:uuid, deletion confirmation',
    show: (page, lang) =>
      dialogOf(page, text(lang, 'eventForm.delete.title'), () =>
        page.getByRole('button', { name: text(lang, 'eventForm.delete.button') }).click(),
      ),
  },
  {
    name: '/profile/events/:uuid?tab=stats',
    show: async (page, lang) => {
      await cancelDialog(page, lang);
      await page.getByRole('tab', { name: text(lang, 'eventForm.tabs.stats') }).click();
      await page.getByRole('tabpanel', { name: text(lang, 'eventForm.tabs.stats') }).waitFor();
    },
  },
  {
    name: '/profile/events/:uuid (past)',
    show: async (page, lang) => {
      await visit(page, `/profile/events/${passed.uuid}`, editHeading(lang, passed));
      await page.getByText(text(lang, 'eventForm.readOnly')).first().waitFor();
    },
  },
  {
    name: '/profile/me/account (card, invoices)',
    show: async (page, lang) => {
      await visit(page, '/profile/me/account', text(lang, 'pages.account'));
      await page.getByRole('list', { name: text(lang, 'card.listLabel') }).waitFor();
    },
  },
  {
    name: '/profile/me/account, card removal confirmation',
    show: (page, lang) =>
      dialogOf(page, text(lang, 'card.removeTitle'), () =>
        page
          .getByRole('list', { name: text(lang, 'card.listLabel') })
          .getByRole('button')
          .first()
          .click(),
      ),
  },
  {
    name: '/profile/me/plans (complete)',
    show: async (page, lang) => {
      await cancelDialog(page, lang);
      await visit(page, '/profile/me/plans', text(lang, 'pages.plans'));
    },
  },
  {
    name: '/profile/me/plans, cancelling confirmation',
    show: (page, lang) =>
      dialogOf(page, text(lang, 'plans.confirm.title.canceled'), () =>
        page.getByRole('button', { name: text(lang, 'plans.cancel.button') }).click(),
      ),
  },
];

const unitScreens: Screen[] = [
  {
    name: '/profile/me/plans (unit)',
    show: (page, lang) => visit(page, '/profile/me/plans', text(lang, 'pages.plans')),
  },
  {
    name: '/profile/me/plans, change confirmation',
    show: (page, lang) =>
      dialogOf(page, text(lang, 'plans.confirm.title.complete'), () =>
        page.getByRole('button', { name: text(lang, 'plans.choose.complete') }).click(),
      ),
  },
];

const canceledScreens: Screen[] = [
  {
    name: '/profile, plan popup',
    show: async (page, lang) => {
      await page.goto(new URL('/profile', page.url()).href);
      await page.getByRole('dialog', { name: text(lang, 'profile.plan.selectTitle') }).waitFor();
    },
  },
  {
    name: '/profile/me/plans (canceled)',
    show: (page, lang) => visit(page, '/profile/me/plans', text(lang, 'pages.plans')),
  },
];

const pendingScreens: Screen[] = [
  {
    name: 'auth dialog #/auth/verify-email',
    show: async (page, lang) => {
      await page.goto(new URL('/profile', page.url()).href);
      await page.getByRole('dialog', { name: text(lang, 'auth.verify.title') }).waitFor();
    },
  },
];

describe.each([
  ['trial', trialScreens],
  ['complete', completeScreens],
  ['unit', unitScreens],
  ['canceled', canceledScreens],
  ['pending', pendingScreens],
] as const)('every screen of the %s organisation', (account, screens) => {
  it.each(COMBINATIONS)('%s: no serious or critical axe violation', async (_label, lang, viewport) => {
    const storage = signedInStorage(jwts[account]);
    expect(await sweep(browser, { origin: server.url, lang, viewport, storage, screens })).toEqual([]);
  });
});
