/** The landing section under the map (newsletter), the location prompt and the scroll-down button. */
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/api';
import { settledStorage } from './support/app-state';
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

describe('the landing section', () => {
  it('shows the features and testimonials, and signs up to the newsletter with its errors', async () => {
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/`);
    await page.mouse.wheel(0, 2000);
    for (const title of ['Precise geolocation', 'A variety of events', 'Real-time updates']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    expect(await page.locator('figure blockquote').count()).toBe(3);

    const newsletter = page.getByRole('region', { name: 'Newsletter' });
    const email = newsletter.getByRole('textbox', { name: 'Email' });
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletter.getByText('Email cannot be empty', { exact: false }).waitFor();
    await email.fill('not-an-email');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletter.getByText(/not valid|invalid/i).waitFor();

    // A refusal from the server lands on its field (the server is asked to refuse once).
    await page.route('**/api/v1/public/globals/subscribe', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{"errors":{"email":"Too many requests"}}' }),
    );
    await email.fill(uniqueEmail('news'));
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletter.getByText('Too many requests').waitFor();
    await page.unroute('**/api/v1/public/globals/subscribe');

    await email.fill(uniqueEmail('news'));
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletter.getByText('Thank you! You are subscribed to the newsletter.').waitFor();
    expect(errors.filter((e) => !e.includes('429'))).toEqual([]);
    await close();
  });

  it('asks for the location, remembers a refusal and an acceptance', async () => {
    const { page, errors, close } = await openPage(browser, {
      permissions: ['geolocation'],
      geolocation: { latitude: 45.5, longitude: -73.57 },
    });
    await page.goto(`${server.url}/`);
    const prompt = page.getByRole('dialog', { name: 'Use your location?' });
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'hidden' });
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('evmap.location') ?? 'null'));
    expect((await stored()).location).toBeNull();
    await page.reload();
    await page.getByRole('radiogroup', { name: 'Day' }).waitFor();
    expect(await prompt.isVisible()).toBe(false);

    // Three months later, the question comes back.
    await page.evaluate(() =>
      localStorage.setItem('evmap.location', JSON.stringify({ location: null, date: '2020-01-01T00:00:00Z' })),
    );
    await page.reload();
    await prompt.getByRole('button', { name: 'Allow' }).click();
    await expect.poll(async () => (await stored()).location).toEqual({ lat: 45.5, lng: -73.57 });
    expect(errors).toEqual([]);
    await close();
  });

  it('scrolls down with the pulsing button on wide screens', async () => {
    const { page, close } = await openPage(browser, {
      storage: settledStorage(),
      viewport: { width: 1280, height: 720 },
    });
    await page.goto(`${server.url}/`);
    const button = page.getByRole('button', { name: 'Scroll down' });
    await button.waitFor();
    expect(await button.getAttribute('data-pulsing')).not.toBeNull();
    // It pulses (never "stable" for a pointer click): pressed from the keyboard.
    await button.press('Enter');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await expect.poll(() => button.getAttribute('data-pulsing')).toBeNull();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await close();
  });
});
