/**
 * The /profile page against the real server: a viewer's favourites (listed, removed), an organiser's
 * own events (empty state, upcoming list), the plan-required popup of a canceled plan, and axe in both
 * languages for both roles.
 */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { AuthResponse } from '@evmap/contract/users';
import { nowWallClock } from '@evmap/contract/wall-clock';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signupByApi, uniqueEmail, verifiedOrganisation } from './support/api';
import { signedInStorage } from './support/app-state';
import { axeViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
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

/** An API call with the account's token, for arranging a journey. */
const call = <T>(method: string, path: string, jwt: string, body?: unknown) =>
  apiCall<T>(server, method, path, body, jwt);

/** A verified organisation, ready to publish (on its trial). */
const organiser = (name: string) => verifiedOrganisation(server, name);

/** Tomorrow in Quebec, 'YYYY-MM-DD'. */
const tomorrow = () => nowWallClock('America/Toronto', Date.now() + 86_400_000).slice(0, 10);

/** Publishes an event tomorrow evening in Montreal; answers its id and uuid. */
async function publish(session: AuthResponse, titleFr: string): Promise<{ id: number; uuid: string }> {
  const day = tomorrow();
  const { event } = await call<{ event: { id: number; uuid: string } }>('POST', '/connected/events', session.jwt, {
    titleFr,
    categoryId: 1,
    address: '1339 rue Sherbrooke Ouest',
    city: 'Montréal',
    state: 'QC',
    latitude: 45.5,
    longitude: -73.6,
    dates: [{ startDate: `${day} 19:00:00`, endDate: `${day} 21:00:00` }],
  });
  return event;
}

/** A viewer whose favourites are `eventIds`. */
async function viewerWithFavorites(eventIds: number[]): Promise<AuthResponse> {
  const session = await signupByApi(server, { type: 'viewer', email: uniqueEmail('viewer'), name: 'Vera' });
  for (const id of eventIds) await call('POST', `/connected/events/id/${id}/favorite`, session.jwt);
  return session;
}

const frenchStorage = (jwt: string) => ({ ...signedInStorage(jwt), [STORAGE_KEYS.lang]: 'fr' });

describe('a viewer on /profile', () => {
  it('sees their two favourites, removes one with its button, and one is left', async () => {
    const org = await organiser('Salle Bourgie');
    const concert = await publish(org, 'Concert du midi');
    const fair = await publish(org, 'Foire du livre');
    const viewer = await viewerWithFavorites([concert.id, fair.id]);
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(viewer.jwt) });

    await page.goto(`${server.url}/profile`);
    await page.getByRole('heading', { name: 'My favourite events', level: 1 }).waitFor();
    const list = page.getByRole('main').getByRole('list');
    await list.getByRole('link', { name: 'Concert du midi' }).waitFor();
    await list.getByRole('link', { name: 'Foire du livre' }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Go to the map' }).getAttribute('href')).toBe('/');

    await page.getByRole('button', { name: 'Remove “Concert du midi” from my favourites' }).click();
    await list.getByRole('link', { name: 'Concert du midi' }).waitFor({ state: 'detached' });
    expect(await list.getByRole('listitem').count()).toBe(1);
    await list.getByRole('link', { name: 'Foire du livre' }).waitFor();

    // The server forgot it too: a reload lists one favourite, which opens its event on the map.
    await page.reload();
    await list.getByRole('link', { name: 'Foire du livre' }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    await list.getByRole('link', { name: 'Foire du livre' }).click();
    await page.waitForURL(/\/events\/[^/]+$/);
    await page.getByRole('dialog', { name: 'Foire du livre' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('without favourites sees the empty state with its way to the map', async () => {
    const viewer = await viewerWithFavorites([]);
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(viewer.jwt) });
    await page.goto(`${server.url}/profile`);
    await page.getByText('You have no favourite events yet.').waitFor();
    await page.getByRole('link', { name: 'Go to the map' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('an organiser on /profile', () => {
  it('with a canceled plan gets the plan popup, again on create, with its link to the plans page', async () => {
    const org = await organiser('Plus de forfait');
    await call('PUT', '/connected/me/plans', org.jwt, { planType: 'canceled' });
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(org.jwt) });

    await page.goto(`${server.url}/profile`);
    const popup = page.getByRole('dialog', { name: 'Select a plan first' });
    await popup.getByText('You need a plan to publish and manage events.', { exact: false }).waitFor();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await popup.getByRole('button', { name: 'Not now' }).click();
    await popup.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Create an event' }).click();
    await popup.waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await popup.getByRole('link', { name: 'See the plans' }).click();
    await page.waitForURL(`${server.url}/profile/me/plans`);
    expect(errors).toEqual([]);
    await close();
  });

  it('with no event sees the empty state; once published, the event is under Upcoming and opens its edit page', async () => {
    const org = await organiser('Théâtre Outremont');
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(org.jwt) });

    await page.goto(`${server.url}/profile`);
    await page.getByRole('heading', { name: 'My events', level: 1 }).waitFor();
    await page.getByText('You have not created any event yet.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create an event' }).getAttribute('href')).toBe(
      '/profile/events/create',
    );

    const event = await publish(org, 'Pièce de demain');
    await page.reload();
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    const link = upcoming.getByRole('link', { name: 'Pièce de demain', exact: true });
    await link.waitFor();
    expect(await page.getByRole('region', { name: 'Passed' }).count()).toBe(0);
    expect(await page.getByText('You have not created any event yet.').count()).toBe(0);
    await link.click();
    await page.waitForURL(`${server.url}/profile/events/${event.uuid}`);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('accessibility of /profile', () => {
  it('has no serious or critical axe violation for both roles, in English and in French', async () => {
    const org = await organiser('Axe Événements');
    await publish(org, 'Atelier accessible');
    const viewer = await viewerWithFavorites([]);
    const fav = await publish(org, 'Favori accessible');
    await call('POST', `/connected/events/id/${fav.id}/favorite`, viewer.jwt);

    const cases = [
      { who: 'organiser, en', jwt: org.jwt, fr: false, heading: 'My events', item: 'Atelier accessible' },
      { who: 'organiser, fr', jwt: org.jwt, fr: true, heading: 'Mes événements', item: 'Atelier accessible' },
      { who: 'viewer, en', jwt: viewer.jwt, fr: false, heading: 'My favourite events', item: 'Favori accessible' },
      { who: 'viewer, fr', jwt: viewer.jwt, fr: true, heading: 'Mes événements favoris', item: 'Favori accessible' },
    ];
    for (const { who, jwt, fr, heading, item } of cases) {
      const { page, errors, close } = await openPage(browser, {
        storage: fr ? frenchStorage(jwt) : signedInStorage(jwt),
      });
      await page.goto(`${server.url}/profile`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('main').getByRole('link', { name: item }).waitFor();
      expect(await axeViolations(page, 'main'), who).toEqual([]);
      expect(errors, who).toEqual([]);
      await close();
    }
  });
});
