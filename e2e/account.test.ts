/**
 * /profile/me/account against the real server (issue: settings, account, payment card, invoices and plans):
 * an organisation fills its account form with "same as address" and finds it complete after a reload; adds
 * the built-in test card, removes it, and is told when the declined test card is refused; an invoice issued
 * by a move to the complete plan shows with its total and opens its PDF; the card of a paid plan cannot be
 * removed; axe finds nothing serious, in both languages.
 */
import { formatMoney, planPrice } from '@evmap/contract/billing';
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { AuthResponse } from '@evmap/contract/users';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signupByApi, uniqueEmail, verifyByApi } from './support/api';
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

/** A verified organisation on its trial, nothing else filled. */
async function organisation(name: string): Promise<AuthResponse> {
  const session = await signupByApi(server, { type: 'event-manager', email: uniqueEmail('account'), name });
  await verifyByApi(server, session);
  return session;
}

const nextYear = (new Date().getFullYear() + 1) % 100;

/** Types a card in the built-in provider's form and saves it. */
async function addCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Add a payment card' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiration date (MM/YY)').fill(`12${nextYear}`);
  await form.getByLabel('Security code').fill('123');
  await form.getByLabel('Postal code of the card').fill('H2X 1Y4');
  await form.getByRole('button', { name: 'Save the card' }).click();
}

describe('an organisation on its account page', () => {
  it('fills the account form with "same as address", and after a reload finds it saved and complete', async () => {
    const org = await organisation('Théâtre du Quartier');
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(org.jwt) });

    await page.goto(`${server.url}/profile`);
    await page.getByRole('link', { name: 'Settings (your profile is incomplete)' }).waitFor();
    await page.goto(`${server.url}/profile/me/account`);
    await page.getByRole('heading', { name: 'Account information', level: 1 }).waitFor();
    await page.getByText('Your profile is incomplete').waitFor();

    const form = page.getByRole('form', { name: 'Account information' });
    await expect(form.getByRole('textbox', { name: 'Business name' }).inputValue()).resolves.toBe(
      'Théâtre du Quartier',
    );
    await form.getByRole('textbox', { name: 'Phone' }).fill('5145550123');
    await expect(form.getByRole('textbox', { name: 'Phone' }).inputValue()).resolves.toBe('(514) 555-0123');
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('1339 rue Sherbrooke Ouest');
    await form.getByRole('textbox', { name: 'City', exact: true }).fill('Montréal');
    await form.getByRole('textbox', { name: 'Postal code', exact: true }).fill('h3g1j5');
    await form.getByRole('combobox', { name: 'Province', exact: true }).selectOption('QC');
    await expect(form.getByRole('combobox', { name: 'Country', exact: true }).inputValue()).resolves.toBe('CA');
    await expect(form.getByRole('checkbox', { name: 'Same as address' }).isChecked()).resolves.toBe(true);
    expect(await form.getByRole('textbox', { name: 'Billing city' }).count()).toBe(0);
    // Unchecked, the billing block shows; checked again, it hides and copies the address.
    await form.getByRole('checkbox', { name: 'Same as address' }).uncheck();
    await form.getByRole('textbox', { name: 'Billing city' }).waitFor();
    await form.getByRole('checkbox', { name: 'Same as address' }).check();
    await form.getByRole('textbox', { name: 'Billing city' }).waitFor({ state: 'detached' });
    await form.getByRole('checkbox', { name: 'I would like to receive news from EventMap' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your information is saved.').waitFor();
    await page.getByText('Your profile is incomplete').waitFor({ state: 'detached' });
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.reload();
    await form.getByRole('textbox', { name: 'Phone' }).waitFor();
    await expect(form.getByRole('textbox', { name: 'Phone' }).inputValue()).resolves.toBe('(514) 555-0123');
    await expect(form.getByRole('textbox', { name: 'Address', exact: true }).inputValue()).resolves.toBe(
      '1339 rue Sherbrooke Ouest',
    );
    await expect(form.getByRole('textbox', { name: 'Postal code', exact: true }).inputValue()).resolves.toBe('H3G 1J5');
    await expect(form.getByRole('combobox', { name: 'Province', exact: true }).inputValue()).resolves.toBe('QC');
    await expect(form.getByRole('checkbox', { name: 'Same as address' }).isChecked()).resolves.toBe(true);
    await expect(
      form.getByRole('checkbox', { name: 'I would like to receive news from EventMap' }).isChecked(),
    ).resolves.toBe(true);
    expect(await page.getByText('Your profile is incomplete').count()).toBe(0);
    // The server has the billing copy: the profile is complete, the header's alert is gone.
    const { user } = await call<{ user: { billingCity: string; billingZipcode: string } }>(
      'GET',
      '/connected/me',
      org.jwt,
    );
    expect(user).toMatchObject({ billingCity: 'Montréal', billingZipcode: 'H3G 1J5' });
    await page.goto(`${server.url}/profile`);
    await page.getByRole('link', { name: 'Settings', exact: true }).waitFor();
    expect(await page.getByTestId('profile-incomplete').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('adds the built-in test card, removes it, and is told when the declined card is refused', async () => {
    const org = await organisation('Galerie Nord');
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(org.jwt) });
    await page.goto(`${server.url}/profile/me/account`);
    const card = page.getByRole('region', { name: 'Payment card' });
    await card.getByText('No payment card saved yet.').waitFor();

    // A bad security code is caught before the server is asked.
    const form = page.getByRole('form', { name: 'Add a payment card' });
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiration date (MM/YY)').fill(`12${nextYear}`);
    await form.getByLabel('Security code').fill('12');
    await form.getByLabel('Postal code of the card').fill('H2X 1Y4');
    await form.getByRole('button', { name: 'Save the card' }).click();
    await form.getByText('Your card number, expiration date, security code and postal code is invalid').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    await addCard(page, '4242 4242 4242 4242');
    await card.getByText('Visa ending in 4242').waitFor();
    await card.getByText(`Expires 12/${nextYear}`).waitFor();
    await page.reload();
    await card.getByText('Visa ending in 4242').waitFor();

    await card.getByRole('button', { name: 'Remove the Visa card ending in 4242' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await form.waitFor();
    expect(await card.getByText('Visa ending in 4242').count()).toBe(0);

    await addCard(page, '4000 0000 0000 0002');
    await form.getByRole('alert').filter({ hasText: 'Your bank declined this card' }).waitFor();
    const { paymentMethods } = await call<{ paymentMethods: unknown[] }>(
      'GET',
      '/connected/me/payment-methods',
      org.jwt,
    );
    expect(paymentMethods).toEqual([]);
    // Chromium logs the refused call itself (402); nothing else went wrong.
    expect(errors.filter((error) => !/status of 402/.test(error))).toEqual([]);
    await close();
  });

  it('on the complete plan: the renewal date, the invoice with its total and PDF, and the card kept', async () => {
    const org = await organisation('Salle Bourgie');
    await call('PUT', '/connected/me', org.jwt, { state: 'QC', country: 'CA' });
    await call('POST', '/connected/me/payment-methods', org.jwt, {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2000 + nextYear,
      cvc: '123',
      postalCode: 'H2X1Y4',
    });
    await call('PUT', '/connected/me/plans', org.jwt, { planType: 'complete' });
    const { invoices } = await call<{ invoices: Array<{ number: string }> }>('GET', '/connected/me/invoices', org.jwt);
    expect(invoices).toHaveLength(1);
    const number = invoices[0]!.number;
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(org.jwt) });
    await page.goto(`${server.url}/profile/me/account`);

    const subscription = page.getByRole('region', { name: 'Subscription' });
    await subscription.getByText('Complete', { exact: true }).waitFor();
    await subscription.getByText(/^Next renewal on /).waitFor();
    expect(await subscription.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe(
      '/profile/me/plans',
    );

    const table = page.getByRole('table', { name: 'Your invoices, newest first' });
    const row = table.getByRole('row').filter({ hasText: number });
    const total = formatMoney(planPrice('complete', 'QC').total, 'cad', 'en-CA');
    expect((await row.getByRole('cell').nth(1).textContent())?.replace(/\s/g, ' ')).toBe(total.replace(/\s/g, ' '));
    expect(total).toBe('$45.98');

    // The PDF opens in a new tab, straight from its signed link.
    const pdf = page
      .context()
      .waitForEvent('response', (response) => /\/api\/v1\/invoices\/\d+\/pdf\?token=/.test(response.url()));
    const popup = page.waitForEvent('popup');
    await row.getByRole('link', { name: `PDF of invoice ${number} (opens in a new tab)` }).click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await (await popup).close();

    // The paid plan needs its card.
    const card = page.getByRole('region', { name: 'Payment card' });
    await card.getByRole('button', { name: 'Remove the Visa card ending in 4242' }).click();
    await page.getByRole('dialog', { name: 'Remove this card?' }).getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('alert').filter({ hasText: 'Cancel your plan before deleting the payment method.' }).waitFor();
    await card.getByText('Visa ending in 4242').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    // Chromium logs the refused call itself (409); nothing else went wrong.
    expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
    await close();
  });

  it('in French: the sections, the invoice total in fr-CA and the card message', async () => {
    const org = await organisation('Maison de la culture');
    await call('PUT', '/connected/me', org.jwt, { billingState: 'ON', state: 'QC' });
    await call('POST', '/connected/me/payment-methods', org.jwt, {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2000 + nextYear,
      cvc: '123',
      postalCode: 'M5V2T6',
    });
    await call('PUT', '/connected/me/plans', org.jwt, { planType: 'complete' });
    const { page, errors, close } = await openPage(browser, {
      storage: { ...signedInStorage(org.jwt), [STORAGE_KEYS.lang]: 'fr' },
      locale: 'fr-CA',
    });
    await page.goto(`${server.url}/profile/me/account`);
    await page.getByRole('heading', { name: 'Informations du compte', level: 1 }).waitFor();
    for (const name of ['Vos renseignements', 'Abonnement', 'Carte de paiement', 'Factures']) {
      await page.getByRole('heading', { name, level: 2 }).waitFor();
    }
    await page.getByText('Votre profil est incomplet').waitFor();
    await page.getByRole('region', { name: 'Abonnement' }).getByText('Complet', { exact: true }).waitFor();

    // Taxes of the billing province (Ontario's HST), in the French format.
    const table = page.getByRole('table', { name: 'Vos factures, de la plus récente à la plus ancienne' });
    const total = formatMoney(planPrice('complete', 'ON').total, 'cad', 'fr-CA');
    expect(total.replace(/\s/g, ' ')).toBe('45,19 $');
    const cell = table.getByRole('cell').nth(1);
    await cell.waitFor();
    expect((await cell.textContent())?.replace(/\s/g, ' ')).toBe('45,19 $');
    await table.getByRole('link', { name: /^PDF de la facture EVM-/ }).waitFor();

    const card = page.getByRole('region', { name: 'Carte de paiement' });
    await card.getByText('Visa se terminant par 4242').waitFor();
    await card.getByRole('button', { name: 'Ajouter une autre carte' }).click();
    const form = page.getByRole('form', { name: 'Ajouter une carte de paiement' });
    await form.getByLabel('Numéro de carte').fill('4242 4242 4242 4241');
    await form.getByRole('button', { name: 'Enregistrer la carte' }).click();
    await form
      .getByText("Le numéro de carte, la date d'expiration, le code de sécurité ou le code postal n'est pas valide")
      .waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
