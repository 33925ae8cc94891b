/**
 * Accessibility sweep, part 3 of 3 (issue 21): every screen an administrator sees, in English and French, on a phone
 * (390×844) and a laptop (1280×800): the dashboard with its moderation queue and its deletion confirmation, the
 * administration menu (a drawer on the phone), the events list with its "Reported once" and "Reported 4 times"
 * badges, the event create and edit pages with the event's deletion confirmation, the users list, and the user
 * create and edit pages with the user's deletion confirmation. axe runs on the whole page once its data has loaded
 * and its transitions have ended; any serious or critical violation fails (support/sweep.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Event } from '@evmap/contract/events';
import type { User } from '@evmap/contract/users';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, jwtOf, upcomingMontrealEvents } from './support/api';
import { signedInStorage } from './support/app-state';
import { launchBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { COMBINATIONS, cancelDialog, dialogOf, type Screen, sweep, text, visit } from './support/sweep';

let server: TestServer;
let browser: Browser;
let adminJwt: string;
let reportedOnce: Event;
let reportedFourTimes: Event;
let organiser: User;

/** `count` visitors, each from their own address and session, report the event. */
async function report(event: Event, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${server.url}/api/v1/public/events/${event.uuid}/signal`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': `10.0.${event.id % 250}.${i + 1}`, 'X-Session-Id': randomUUID() },
    });
    if (response.status !== 204) throw new Error(`the report answered ${response.status}: ${await response.text()}`);
  }
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_DATA: '1' }), launchBrowser()]);
  adminJwt = await jwtOf(server, 'admin@demo.evmap.ca', 'demo1234');
  // Any day's events: the admin screens list them whatever their day.
  [reportedFourTimes, reportedOnce] = (await upcomingMontrealEvents(server, 2)) as [Event, Event];
  await report(reportedFourTimes, 4);
  await report(reportedOnce, 1);
  const { users } = await apiCall<{ users: User[] }>(
    server,
    'GET',
    '/connected/admin/users?type=event-manager&search=complete%40demo',
    undefined,
    adminJwt,
  );
  if (!users[0]) throw new Error('no complete@demo.evmap.ca in the users list');
  organiser = users[0];
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const titleOf = (event: Event, lang: string) => (lang === 'fr' ? event.titleFr : (event.titleEn ?? event.titleFr));

const screens: Screen[] = [
  {
    name: '/profile/admin',
    show: async (page, lang) => {
      await visit(page, '/profile/admin', text(lang, 'pages.adminDashboard'));
      await page.getByRole('table', { name: text(lang, 'moderation.tableLabel') }).waitFor();
    },
  },
  {
    name: '/profile/admin, moderation deletion confirmation',
    show: (page, lang) =>
      dialogOf(page, text(lang, 'moderation.confirmDeleteTitle'), () =>
        page
          .getByRole('button', {
            name: text(lang, 'moderation.deleteLabel', { title: titleOf(reportedOnce, lang) }),
          })
          .click(),
      ),
  },
  {
    name: 'administration menu',
    show: async (page, lang) => {
      await cancelDialog(page, lang);
      const open = page.getByRole('button', { name: text(lang, 'admin.openMenu') });
      // On a laptop the menu is always shown beside the page.
      if (await open.isVisible()) await open.click();
      await page
        .getByRole('navigation', { name: text(lang, 'admin.menu') })
        .filter({ visible: true })
        .waitFor();
    },
  },
  {
    name: '/profile/admin/events',
    show: async (page, lang) => {
      await visit(
        page,
        '/profile/admin/events?sortField=signaledCount&sortDirection=desc',
        text(lang, 'pages.adminEvents'),
      );
      await page.getByText(text(lang, 'adminEvents.flags.signaled', { count: 4 }), { exact: true }).waitFor();
      await page.getByText(text(lang, 'adminEvents.flags.signaled', { count: 1 }), { exact: true }).waitFor();
    },
  },
  {
    name: '/profile/admin/events/create',
    show: (page, lang) => visit(page, '/profile/admin/events/create', text(lang, 'pages.adminEventCreate')),
  },
  {
    name: '/profile/admin/events/:uuid',
    show: async (page, lang) => {
      await visit(page, `/profile/admin/events/${reportedOnce.uuid}`, text(lang, 'pages.adminEventEdit'));
      await page.getByRole('textbox', { name: text(lang, 'fields.titleFr') }).waitFor();
    },
  },
  {
    name: '/profile/admin/events/:uuid, deletion confirmation',
    show: (page, lang) =>
      dialogOf(page, text(lang, 'eventForm.delete.title'), () =>
        page.getByRole('button', { name: text(lang, 'eventForm.delete.button') }).click(),
      ),
  },
  {
    name: '/profile/admin/users',
    show: async (page, lang) => {
      await cancelDialog(page, lang);
      await visit(page, '/profile/admin/users', text(lang, 'pages.adminUsers'));
      await page.getByRole('tab', { name: text(lang, 'adminUsers.tabs.event-manager') }).waitFor();
    },
  },
  {
    name: '/profile/admin/users/create',
    show: (page, lang) => visit(page, '/profile/admin/users/create', text(lang, 'pages.adminUserCreate')),
  },
  {
    name: '/profile/admin/users/:id',
    show: async (page, lang) => {
      await visit(page, `/profile/admin/users/${organiser.id}`, text(lang, 'pages.adminUserEdit'));
      await page.getByRole('button', { name: text(lang, 'adminUserForm.delete') }).waitFor();
    },
  },
  {
    name: '/profile/admin/users/:id, deletion confirmation',
    show: (page, lang) =>
      dialogOf(page, text(lang, 'adminUserForm.confirmDeleteTitle'), () =>
        page.getByRole('button', { name: text(lang, 'adminUserForm.delete') }).click(),
      ),
  },
  {
    name: '/profile/admin/sources',
    show: async (page, lang) => {
      await cancelDialog(page, lang);
      await visit(page, '/profile/admin/sources', text(lang, 'sources.title'));
      await page.getByText(text(lang, 'sources.empty')).waitFor();
    },
  },
  {
    name: '/profile/admin/sources/create',
    show: (page, lang) => visit(page, '/profile/admin/sources/create', text(lang, 'sources.createTitle')),
  },
];

describe('every screen of an administrator', () => {
  it.each(COMBINATIONS)('%s: no serious or critical axe violation', async (_label, lang, viewport) => {
    const storage = signedInStorage(adminJwt);
    expect(await sweep(browser, { origin: server.url, lang, viewport, storage, screens })).toEqual([]);
  });
});
