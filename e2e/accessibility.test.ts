/**
 * Accessibility attributes in the browser (issue 24): an organisation ticks them in the event form and publishes;
 * a visitor reads them in the event's modal, as icon and text; the map's marker answer
 * filtered on an attribute holds the event, and leaves it out for an attribute it lacks. (The map and list filter
 * controls are another part of the issue: this journey filters through the marker URL they will use.)
 */
import type { Event } from '@evmap/contract/events';
import { decodeMarkers, tilesCovering } from '@evmap/contract/markers';
import { eventRoutes } from '@evmap/contract/routes/events';
import { urlOf } from '@evmap/contract/routes/route';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, dayFromToday, verifiedOrganisation } from './support/api';
import { settledStorage, signedInStorage } from './support/app-state';
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

describe('accessibility attributes', () => {
  it('are ticked in the form, shown in the modal, and filtered on by the markers', async () => {
    const organisation = await verifiedOrganisation(server, 'Salle Accessible');
    const title = `Concert adapté ${Date.now().toString(36)}`;
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(organisation.jwt) });
    await page.goto(`${server.url}/profile/events/create`);
    await page.getByRole('heading', { name: 'New event', level: 1 }).waitFor();
    await page.getByLabel('Title (French)').fill(title);
    await page.getByLabel('Category').selectOption({ label: 'Community' });
    await page.getByRole('combobox', { name: 'Search a place' }).fill('Montréal');
    await page
      .getByRole('option', { name: /^Montréal/ })
      .first()
      .click();

    const section = page.getByRole('region', { name: 'Accessibility' });
    await section.getByRole('radiogroup', { name: 'Step-free entrance' }).getByLabel('Yes').check();
    await section.getByLabel('ASL interpretation').check();
    await section.getByLabel('Accessible washroom').check();
    await section.getByLabel('Accessibility note (French)').fill('Entrée par la porte latérale');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: 'Publish this event?' }).getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(`${server.url}/profile`);

    const { events } = await apiCall<{ events: Event[] }>(
      server,
      'GET',
      '/connected/events',
      undefined,
      organisation.jwt,
    );
    const event = events.find((e) => e.titleFr === title);
    expect(event?.accessibility).toEqual({
      stepFree: 'yes',
      features: ['washroom', 'asl'],
      noteFr: 'Entrée par la porte latérale',
      noteEn: 'Entrée par la porte latérale',
    });
    await close();

    // A visitor opens the event: the attributes, as icon and text, then the note.
    const visitor = await openPage(browser, { storage: settledStorage() });
    await visitor.page.goto(`${server.url}/events/${event!.handle}`);
    const modal = visitor.page.getByRole('dialog');
    const access = modal.getByRole('region', { name: 'Accessibility' });
    await access.waitFor();
    expect(await access.getByRole('listitem').allTextContents()).toEqual([
      'Step-free entrance',
      'Accessible washroom',
      'ASL interpretation',
    ]);
    expect(await access.locator('li svg').count()).toBe(3);
    await access.getByText('Entrée par la porte latérale').waitFor();
    expect(visitor.errors.concat(errors)).toEqual([]);
    await visitor.close();

    // The marker answer of the event's tile, filtered: present for what it has, absent for what it lacks.
    const tile = tilesCovering(
      { north: event!.latitude!, south: event!.latitude!, west: event!.longitude!, east: event!.longitude! },
      11,
    )[0]!;
    const day = event!.dates[0]?.startDate.slice(0, 10) ?? dayFromToday(0);
    const ids = async (access: string) => {
      const query = { day, z: tile.z, x: tile.x, y: tile.y, access };
      const response = await fetch(`${server.url}${urlOf(eventRoutes.markers, {}, query)}`);
      expect(response.status).toBe(200);
      return decodeMarkers(await response.json()).map((marker) => marker.id);
    };
    expect(await ids('stepFree,asl')).toContain(event!.id);
    expect(await ids('washroom')).toContain(event!.id);
    expect(await ids('lsq')).not.toContain(event!.id);
  });
});
