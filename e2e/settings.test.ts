/**
 * The settings screens of /profile/me against the real server (issue: settings, account, payment card,
 * invoices and plans): a viewer uploads an avatar, renames themselves and switches to event manager with the
 * code mailed to their address; an event manager changes their email through the verify-email dialog, in
 * French; the contact form reaches the contact address; a password change keeps the session; the deletion
 * page says what is erased and kept, and deleting the account signs out. Axe finds nothing serious on the
 * four pages.
 */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { AuthResponse, User } from '@evmap/contract/users';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginByApi, PASSWORD, signupByApi, uniqueEmail, verifyByApi } from './support/api';
import { settledStorage, signedInStorage } from './support/app-state';
import { axeViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { codeIn, waitForMail } from './support/mail';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

const ADMIN = { email: 'admin@example.ca', password: 'admin-password' };

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
});

const adminJwt = async () => (await loginByApi(server, ADMIN.email, ADMIN.password)).jwt;

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** An API call, answering the status and the parsed body (for checks the UI cannot show). */
async function call<T>(method: string, path: string, jwt?: string, body?: unknown) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const token = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);

/** The error text shown under a field (Mantine links it with aria-describedby). */
async function fieldError(field: Locator): Promise<string | null> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = (await field.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
  for (const id of ids) {
    const element = field.page().locator(`[id="${id}"]`);
    if (/error/i.test((await element.getAttribute('class')) ?? '')) return element.textContent();
  }
  return null;
}

const avatarPng = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: '#d9480f' } })
    .png()
    .toBuffer();

/** A viewer signed up through the API. */
const viewer = (name = 'Vera') => signupByApi(server, { type: 'viewer', email: uniqueEmail('viewer'), name });

describe('/profile/me', () => {
  it('a viewer uploads an avatar seen in the header, renames themselves and switches to event manager', async () => {
    const session = await viewer('Vera');
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(session.jwt) });
    await page.goto(`${server.url}/profile/me`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const header = page.locator('header');
    expect(await header.locator('img').count()).toBe(0);
    expect(await axeViolations(page, 'main')).toEqual([]);

    // The avatar: uploaded, attached, and in the header at once.
    await page
      .getByLabel('Profile picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await avatarPng() });
    await page.getByText('Your profile picture is saved.').waitFor();
    const avatar = header.locator('img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/\/uploads\/users\//);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.getByRole('img', { name: 'Image 1' }).getAttribute('src')).toBe(await avatar.getAttribute('src'));

    // The name: saved, and the header menu says it.
    await page.getByRole('textbox', { name: 'Name' }).fill('Vera Tremblay');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile is saved.').waitFor();
    // The account menu, by keyboard: its code is loaded when it is first opened, the focus goes to its first item,
    // and back to its button when it closes.
    const menuButton = header.getByRole('button', { name: 'Account menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').getByText('Vera Tremblay').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Account information');
    await page.keyboard.press('Escape');
    await expect.poll(() => menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
    const { body } = await call<{ user: User }>('GET', '/connected/me', session.jwt);
    expect(body.user).toMatchObject({ name: 'Vera Tremblay', imagePath: expect.stringMatching(/^users\//) });

    // The avatar stays after a reload (it is the server's).
    await page.reload();
    await page.getByRole('img', { name: 'Image 1' }).waitFor();
    await header.locator('img').waitFor();

    // The switch to event manager: first the code mailed to the address, as the dialog explains; then /profile
    // with the organisation's events.
    await page.getByRole('button', { name: 'Switch to event manager' }).click();
    const verify = page.getByRole('dialog', { name: 'Verify your email' });
    await verify
      .getByText(
        'To become an event manager, your account needs a verified email address. We sent a 6-digit code to ' +
          `${session.user.email}: enter it below to finish.`,
      )
      .waitFor();
    expect(new URL(page.url()).hash).toBe('#/auth/verify-email');
    const code = codeIn(await waitForMail(server.dataDir, session.user.email));
    await verify.getByLabel('Verification code').fill(code);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/profile`);
    await page.getByRole('heading', { name: 'My events', level: 1 }).waitFor();
    await page.getByText('Your email is verified: your account is now an event manager account.').waitFor();
    expect((await call<{ user: User }>('GET', '/connected/me', session.jwt)).body.user).toMatchObject({
      type: 'event-manager',
      planType: 'trial',
      unverifiedEmail: null,
    });
    expect(errors).toEqual([]);
    await close();
  });

  it('en français : un organisateur change son courriel et le confirme avec le code reçu', async () => {
    // An organisation an administrator made from a viewer account: its address counts as verified and no code was
    // mailed to it, so the change may mail one at once. (Becoming one through the settings or a sign-up mails a
    // code, and a second code within the minute is refused.)
    const session = await viewer('Salle Bourgie');
    const made = await call<{ user: User }>('PUT', `/connected/admin/users/${session.user.id}`, await adminJwt(), {
      name: 'Salle Bourgie',
      email: session.user.email,
      type: 'event-manager',
    });
    expect(made.status).toBe(200);
    expect(made.body.user).toMatchObject({ type: 'event-manager', unverifiedEmail: null });
    const newEmail = uniqueEmail('nouveau');
    const { page, errors, close } = await openPage(browser, {
      storage: { ...signedInStorage(session.jwt), [STORAGE_KEYS.lang]: 'fr' },
    });
    await page.goto(`${server.url}/profile/me`);
    await page.getByRole('heading', { name: 'Paramètres', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: "Passer à un compte d'organisateur" }).count()).toBe(0);
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.getByRole('textbox', { name: "Nom de l'entreprise" }).waitFor();
    await page.getByRole('textbox', { name: 'Courriel' }).fill(newEmail);
    await page.getByRole('button', { name: 'Enregistrer' }).click();

    // The dialog opens for the new address, closable since it comes from the settings.
    const verify = page.getByRole('dialog', { name: 'Vérifiez votre courriel' });
    await verify.getByText(`Nous avons envoyé un code à 6 chiffres à ${newEmail}`).waitFor();
    expect(new URL(page.url()).hash).toBe('#/auth/verify-email');
    await verify.getByRole('button', { name: 'Fermer' }).waitFor();
    await verify.getByRole('button', { name: 'Annuler le changement de courriel' }).waitFor();

    // A new code at once is one too many (429): the French message says when the next one can be asked.
    await verify.getByRole('button', { name: 'Envoyer un nouveau code' }).click();
    await verify
      .getByRole('alert')
      .getByText(/Vous pourrez demander un nouveau code dans \d+\ss\./)
      .waitFor();

    // Closing it leaves the change pending on the page, which can open it again.
    await verify.getByRole('button', { name: 'Fermer' }).click();
    await verify.waitFor({ state: 'hidden' });
    await page.getByText('Changement de courriel en attente de vérification').waitFor();
    expect(await page.getByRole('textbox', { name: 'Courriel' }).inputValue()).toBe(session.user.email);
    await page.getByRole('button', { name: 'Entrer le code' }).click();

    const code = codeIn(await waitForMail(server.dataDir, newEmail));
    await verify.getByLabel('Code de vérification').fill(code);
    await verify.getByRole('button', { name: 'Vérifier' }).click();
    await verify.waitFor({ state: 'hidden' });
    await page.getByText('Votre courriel est vérifié.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/me');
    await expect.poll(() => page.getByRole('textbox', { name: 'Courriel' }).inputValue()).toBe(newEmail);
    expect(await page.getByText('Changement de courriel en attente de vérification').count()).toBe(0);
    expect((await loginByApi(server, newEmail)).user.email).toBe(newEmail);

    expect(errors.filter((error) => !error.includes('429'))).toEqual([]);
    await close();
  });
});

describe('/profile/me/contact', () => {
  it('requires a subject and a message, then mails them to the contact address', async () => {
    const session = await viewer('Camille');
    const subject = `Question ${Date.now().toString(36)}`;
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(session.jwt) });
    await page.goto(`${server.url}/profile/me`);
    await page.getByRole('navigation', { name: 'Account and help' }).getByRole('link', { name: 'Contact us' }).click();
    await page.waitForURL(`${server.url}/profile/me/contact`);
    await page.getByRole('heading', { name: 'Contact us', level: 1 }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.getByRole('button', { name: 'Send' }).click();
    expect(await fieldError(page.getByRole('textbox', { name: 'Subject' }))).toBe('Subject and message are required');
    expect(await fieldError(page.getByRole('textbox', { name: 'Message' }))).toBe('Subject and message are required');

    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Message' }).fill('How do I publish a weekly event?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Your message is sent. We will get back to you soon.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');

    // The mail reaches CONTACT_EMAIL (the API's default), answerable to the user.
    const sent = await waitForMail(server.dataDir, 'contact@evmap.ca');
    expect(sent.subject).toContain(subject);
    expect(sent.text).toContain('How do I publish a weekly event?');
    expect(sent.text).toContain(session.user.email);

    // Back goes to the settings.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${server.url}/profile/me`);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('/profile/me/password', () => {
  it('puts the errors on their fields, then changes the password and stays signed in', async () => {
    const session = await viewer('Paul');
    const newPassword = 'another-long-password';
    const { page, errors, close } = await openPage(browser, { storage: signedInStorage(session.jwt) });
    await page.goto(`${server.url}/profile/me/password`);
    await page.getByRole('heading', { name: 'Change password', level: 1 }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    const current = page.getByLabel(/^Current password/);
    const next = page.getByLabel(/^New password/);
    const confirmation = page.getByLabel(/^Confirm the new password/);
    const submit = page.getByRole('button', { name: 'Change the password' });

    await current.fill(PASSWORD);
    await next.fill(newPassword);
    await confirmation.fill('something-else');
    await submit.click();
    expect(await fieldError(confirmation)).toBe('Passwords do not match');

    await current.fill('not-my-password');
    await confirmation.fill(newPassword);
    await submit.click();
    expect(await fieldError(current)).toBe('Password is invalid');

    await current.fill(PASSWORD);
    await submit.click();
    await page.getByText('Your password is changed.').waitFor();
    expect(await current.inputValue()).toBe('');

    // The new password signs in; the old one and the old token no longer work; this tab keeps a new token.
    expect((await loginByApi(server, session.user.email, newPassword)).user.id).toBe(session.user.id);
    await expect(loginByApi(server, session.user.email, PASSWORD)).rejects.toThrow(/400|401/);
    expect((await call('GET', '/connected/me', session.jwt)).status).toBe(401);
    const fresh = await token(page);
    expect(fresh).not.toBe(session.jwt);
    expect((await call('GET', '/connected/me', fresh!)).status).toBe(200);

    // The page goes on signed in: the settings save through the new token, and a reload keeps the session.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${server.url}/profile/me`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Paul Martin');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile is saved.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Paul Martin');

    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
    await close();
  });
});

describe('/profile/me/deletion', () => {
  it('says what an organisation loses and what is kept, deletes the account, signs out and lands on the map', async () => {
    const session: AuthResponse = await signupByApi(server, {
      type: 'event-manager',
      email: uniqueEmail('leaving'),
      name: 'Leaving Org',
    });
    await verifyByApi(server, session);
    const { page, errors, close } = await openPage(browser, {
      storage: settledStorage({ [STORAGE_KEYS.token]: session.jwt }),
    });
    await page.goto(`${server.url}/profile/me`);
    await page
      .getByRole('navigation', { name: 'Account and help' })
      .getByRole('link', { name: 'Delete my account' })
      .click();
    await page.waitForURL(`${server.url}/profile/me/deletion`);
    await page.getByRole('heading', { name: 'Delete my account', level: 1 }).waitFor();
    // What is erased, what is kept and why (PIPEDA; Québec's Law 25), for an organisation.
    await page.getByText(/^Deleting your account is permanent\. As Canada's privacy law \(PIPEDA\)/).waitFor();
    const erased = page.getByRole('list', { name: 'Erased at once' });
    expect(await erased.getByRole('listitem').allTextContents()).toEqual([
      'Your name, email address, phone number, website, addresses, billing address and password.',
      'Your profile picture and the images you uploaded, deleted from our storage.',
      'Your events: they leave the map and your profile, with their images.',
      'Your messages sent through the contact form, and the newsletter subscription of your address.',
      'Your plan ends: it is not renewed and no further payment is taken. Your saved card is removed, here and at ' +
        'our payment provider.',
    ]);
    expect(await page.getByRole('list', { name: 'Kept, and why' }).getByRole('listitem').allTextContents()).toEqual([
      'The invoices already issued: their number, amounts and taxes, and the business name and billing address ' +
        'printed on them. Tax law requires us to keep them for six years; they no longer carry your email address.',
    ]);
    await page.getByText(`You can create a new account with ${session.user.email} later: it starts empty.`).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    await confirm.getByRole('button', { name: 'Delete for good' }).click();

    await page.waitForURL(`${server.url}/`);
    await page.getByText('Your account is deleted.').waitFor();
    await expect.poll(() => token(page)).toBeNull();
    expect(await page.getByRole('dialog', { name: 'Sign in' }).count()).toBe(0);
    expect((await call('GET', '/connected/me', session.jwt)).status).toBe(401);
    // The address was erased with the account: nothing recognises it, and it can sign up again, as the page said.
    const login = await call<{ errors: Record<string, string> }>('POST', '/public/auth/login', undefined, {
      email: session.user.email,
      password: PASSWORD,
    });
    expect(login).toEqual({ status: 400, body: { errors: { email: 'Email does not exist' } } });
    const again = await signupByApi(server, { type: 'viewer', email: session.user.email, name: 'Back Again' });
    expect(again.user.id).not.toBe(session.user.id);
    expect(errors).toEqual([]);
    await close();
  });
});
