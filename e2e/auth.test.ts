import { STORAGE_KEYS, TRIAL_DAYS_ALTERNATIVE, TRIAL_MONTHS } from '@evmap/contract/constants';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginByApi, PASSWORD, signupByApi, uniqueEmail } from './support/api';
import { settledStorage } from './support/app-state';
import { axeViolations } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { codeIn, linkIn, mailsTo, waitForMail } from './support/mail';
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

const token = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);

/** The error message shown under a field (Mantine links it with aria-describedby). */
async function fieldError(field: Locator): Promise<string | null> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = (await field.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
  for (const id of ids) {
    const text = await field.page().locator(`[id="${id}"]`).textContent();
    if (text && /error/i.test((await field.page().locator(`[id="${id}"]`).getAttribute('class')) ?? '')) return text;
  }
  return null;
}

describe('sign-up of an organisation', () => {
  it('signs up, verifies the mailed code, lands on /profile, then signs out', async () => {
    const { page, errors, close } = await openPage(browser);
    const email = uniqueEmail('organisation');
    const codes: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/connected/auth/verify-email')) codes.push(request.postDataJSON().code);
    });

    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('link', { name: 'Create an account' }).click();
    const signup = page.getByRole('dialog', { name: 'Create an account' });
    await signup.getByLabel('I publish events (organisation)').check();
    await signup.getByLabel('Business name').fill('Salle Bourgie');
    await signup.getByLabel('Email').fill(email);
    await signup.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await signup.getByLabel('I accept the terms of use').check();
    await signup.getByRole('button', { name: 'Create my account' }).click();

    // The verification is forced: no close button, Escape does nothing.
    const verify = page.getByRole('dialog', { name: 'Verify your email' });
    await verify.getByText(`We sent a 6-digit code to ${email}`).waitFor();
    expect(await verify.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await verify.isVisible()).toBe(true);
    expect(new URL(page.url()).hash).toBe('#/auth/verify-email');

    const code = codeIn(await waitForMail(server.dataDir, email));
    await verify.getByLabel('Verification code').fill(code);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/profile`);
    expect(codes).toEqual([Number(code)]);

    // First visit of an organisation: the welcome message, with both trial texts as they are.
    const welcome = page.getByRole('dialog', { name: 'Welcome to EventMap!' });
    await welcome.getByText(`Your free trial lasts ${TRIAL_MONTHS} months`).waitFor();
    await welcome.getByText(`for ${TRIAL_DAYS_ALTERNATIVE} days you can publish events`).waitFor();
    await welcome.getByText('Publishing is free for now.').waitFor();
    await welcome.getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('heading', { name: 'My events', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'My events', level: 1 }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Welcome to EventMap!' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText('You are signed out.').waitFor();
    expect(await token(page)).toBeNull();
    await page.goto(`${server.url}/profile`);
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the validation messages of the catalogue, and the server field errors on their fields', async () => {
    const existing = uniqueEmail('taken');
    await signupByApi(server, { type: 'viewer', email: existing });
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/#/auth/signup`);
    const signup = page.getByRole('dialog', { name: 'Create an account' });
    await signup.getByRole('button', { name: 'Create my account' }).click();
    await signup.getByText('The field Account type is required').waitFor();
    expect(await fieldError(signup.getByLabel('Email'))).toBe('The field Email is required');
    expect(await fieldError(signup.getByRole('textbox', { name: 'Password', exact: true }))).toBe(
      'The password must be longer than 6 characters',
    );
    await signup.getByText('You must accept the terms of use').waitFor();

    await signup.getByLabel('I publish events (organisation)').check();
    await signup.getByLabel('Email').fill('not-an-email');
    await signup.getByRole('textbox', { name: 'Password', exact: true }).fill('123456');
    await signup.getByLabel('I accept the terms of use').check();
    await signup.getByRole('button', { name: 'Create my account' }).click();
    expect(await fieldError(signup.getByLabel('Email'))).toBe('The email is not valid');
    expect(await fieldError(signup.getByRole('textbox', { name: 'Password', exact: true }))).toBe(
      'The password must be longer than 6 characters',
    );

    await signup.getByLabel('Email').fill(existing);
    await signup.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await signup.getByRole('button', { name: 'Create my account' }).click();
    expect(await fieldError(signup.getByLabel('Business name'))).toBe('The field Business name is required');

    await signup.getByLabel('Business name').fill('Duplicate Inc.');
    await signup.getByRole('button', { name: 'Create my account' }).click();
    expect(await fieldError(signup.getByLabel('Email'))).toBe('Email already exists');
    expect(await token(page)).toBeNull();
    expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
    await close();
  });

  it('going back from the forced verification signs out and returns to sign-up', async () => {
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    const email = uniqueEmail('back');
    await page.goto(`${server.url}/#/auth/signup`);
    const signup = page.getByRole('dialog', { name: 'Create an account' });
    await signup.getByLabel('I publish events (organisation)').check();
    await signup.getByLabel('Business name').fill('Back Again');
    await signup.getByLabel('Email').fill(email);
    await signup.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await signup.getByLabel('I accept the terms of use').check();
    await signup.getByRole('button', { name: 'Create my account' }).click();
    const verify = page.getByRole('dialog', { name: 'Verify your email' });

    // A code was just mailed: asking for another one at once says when the next one can be asked (429).
    await verify.getByRole('button', { name: 'Send a new code' }).click();
    await verify
      .getByRole('alert')
      .getByText(/^A code was sent a moment ago\. You can ask for a new code in \d+\ss\.$/)
      .waitFor();
    expect(await verify.getByRole('button', { name: /^Send a new code \(in \d+\ss\)$/ }).isDisabled()).toBe(true);
    await verify.getByLabel('Verification code').fill('000000');
    await verify.getByRole('button', { name: 'Verify' }).click();
    expect(await fieldError(verify.getByLabel('Verification code'))).toBe('The code is invalid');
    await verify.getByLabel('Verification code').fill('12ab');
    await verify.getByRole('button', { name: 'Verify' }).click();
    expect(await fieldError(verify.getByLabel('Verification code'))).toBe('The code is invalid');
    expect(await token(page)).not.toBeNull();

    await verify.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog', { name: 'Create an account' }).waitFor();
    expect(await token(page)).toBeNull();
    await close();
  });

  it('a pending organisation signing in is sent to the forced verification; the browser back signs out', async () => {
    const email = uniqueEmail('pending');
    await signupByApi(server, { type: 'event-manager', email, name: 'Pending Org' });
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/`);
    await page.goto(`${server.url}/#/auth/login`);
    const login = page.getByRole('dialog', { name: 'Sign in' });
    await login.getByLabel('Email').fill(email);
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Verify your email' }).waitFor();
    expect(await token(page)).not.toBeNull();

    await page.goBack();
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    await expect.poll(() => token(page)).toBeNull();
    await close();
  });
});

describe('sign-in', () => {
  it('puts "Email does not exist" and "Password is invalid" on their fields, in the current language', async () => {
    const email = uniqueEmail('viewer');
    await signupByApi(server, { type: 'viewer', email });
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/#/auth/login`);
    const login = page.getByRole('dialog', { name: 'Sign in' });
    await login.getByRole('button', { name: 'Sign in' }).click();
    expect(await fieldError(login.getByLabel('Email'))).toBe('The field Email is required');
    expect(await fieldError(login.getByRole('textbox', { name: 'Password', exact: true }))).toBe(
      'The field Password is required',
    );

    await login.getByLabel('Email').fill(uniqueEmail('nobody'));
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign in' }).click();
    expect(await fieldError(login.getByLabel('Email'))).toBe('Email does not exist');

    await login.getByLabel('Email').fill(email);
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    await login.getByRole('button', { name: 'Sign in' }).click();
    expect(await fieldError(login.getByRole('textbox', { name: 'Password', exact: true }))).toBe('Password is invalid');

    await login.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Français' }).click();
    await page.goto(`${server.url}/#/auth/login`);
    const connexion = page.getByRole('dialog', { name: 'Se connecter' });
    await connexion.getByLabel('Courriel').fill(uniqueEmail('personne'));
    await connexion.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
    await connexion.getByRole('button', { name: 'Se connecter' }).click();
    expect(await fieldError(connexion.getByLabel('Courriel'))).toBe("Ce courriel n'existe pas");
    await close();
  });

  it('signs in, says so in a toast that hides after 3 seconds, and returns to the page that asked for it', async () => {
    const email = uniqueEmail('toast');
    await signupByApi(server, { type: 'viewer', email });
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    await page.clock.install();
    await page.goto(`${server.url}/profile/me/account`);
    const login = page.getByRole('dialog', { name: 'Sign in' });
    await login.getByLabel('Email').fill(email);
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    // The page's time stands still from the click on, and moves only in 100 ms steps until the toast shows: its
    // 3 seconds are then counted exactly, however long the loaded machine takes to answer and draw.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await login.getByRole('button', { name: 'Sign in' }).click();
    const toast = page.getByText('You are signed in.');
    await expect
      .poll(
        async () => {
          if (await toast.isVisible()) return true;
          await page.clock.runFor(100);
          return false;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    // Shown at most 100 ms ago: visible 2 s later, gone (its closing transition included) 3 to 4 s later.
    await page.clock.runFor(2_000);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.runFor(1_000);
    let closing = 0;
    while ((await toast.isVisible()) && closing < 1_000) {
      await page.clock.runFor(50);
      closing += 50;
    }
    expect(await toast.isVisible()).toBe(false);
    await page.clock.resume();
    await page.waitForURL(`${server.url}/profile/me/account`);
    await page.getByRole('heading', { name: 'Account information', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a user already signed in', () => {
  it('sees the sign-in and sign-up links close themselves, on the page they were opened on', async () => {
    const viewer = await signupByApi(server, { type: 'viewer', email: uniqueEmail('already') });
    const { page, errors, close } = await openPage(browser, {
      storage: { ...settledStorage(), [STORAGE_KEYS.token]: viewer.jwt },
    });
    for (const hash of ['#/auth/login', '#/auth/signup']) {
      await page.goto(`${server.url}/profile${hash}`);
      await page.waitForURL(`${server.url}/profile`);
      await page.getByRole('heading', { name: 'My favourite events', level: 1 }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    await page.goto(`${server.url}/#/auth/login`);
    await page.waitForURL(`${server.url}/`);
    expect(await page.getByRole('dialog', { name: 'Sign in' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('forgotten password', () => {
  it('mails a link that opens the change-password dialog and signs the user in', async () => {
    const email = uniqueEmail('forgetful');
    await signupByApi(server, { type: 'viewer', email });
    const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/#/auth/login`);
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('link', { name: 'Forgot your password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
    await forgot.getByRole('button', { name: 'Send the link' }).click();
    expect(await fieldError(forgot.getByLabel('Email'))).toBe('The field Email is required');
    await forgot.getByLabel('Email').fill(email);
    await forgot.getByRole('button', { name: 'Send the link' }).click();
    await forgot.getByText('Check your email').waitFor();
    await forgot.getByText(`If an account exists for ${email}`).waitFor();

    const link = linkIn(await waitForMail(server.dataDir, email), '#/auth/change-pwd');
    expect(link).toMatch(new RegExp(`^${server.url}/#/auth/change-pwd\\?token=`));
    await page.goto(link);
    const change = page.getByRole('dialog', { name: 'Choose a new password' });
    await change.getByLabel('New password').fill('new-password-1');
    await change.getByLabel('Confirm the password').fill('new-password-2');
    await change.getByRole('button', { name: 'Change my password' }).click();
    expect(await fieldError(change.getByLabel('Confirm the password'))).toBe('Passwords do not match');
    await change.getByLabel('Confirm the password').fill('new-password-1');
    await change.getByRole('button', { name: 'Change my password' }).click();

    await page.waitForURL(`${server.url}/profile`);
    await page.getByRole('heading', { name: 'My favourite events', level: 1 }).waitFor();
    await page.getByText('Your password was changed.').waitFor();
    expect(await token(page)).not.toBeNull();
    await expect(loginByApi(server, email, 'new-password-1')).resolves.toMatchObject({ user: { email } });
    await expect(loginByApi(server, email, PASSWORD)).rejects.toThrow(/400/);

    // The link works once.
    await page.goto(link);
    const again = page.getByRole('dialog', { name: 'Choose a new password' });
    await again.getByLabel('New password').fill('another-password');
    await again.getByLabel('Confirm the password').fill('another-password');
    await again.getByRole('button', { name: 'Change my password' }).click();
    await again.getByRole('alert').getByText('The token is invalid').waitFor();
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
    await close();
  });

  it('says the token cannot be empty when the link has none, and reads a token from the search part', async () => {
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/#/auth/change-pwd`);
    const change = page.getByRole('dialog', { name: 'Choose a new password' });
    await change.getByLabel('New password').fill('new-password-1');
    await change.getByLabel('Confirm the password').fill('new-password-1');
    await change.getByRole('button', { name: 'Change my password' }).click();
    await change.getByRole('alert').getByText('The token cannot be empty').waitFor();

    await page.goto(`${server.url}/?token=made-up#/auth/change-pwd`);
    const withToken = page.getByRole('dialog', { name: 'Choose a new password' });
    await withToken.getByLabel('New password').fill('new-password-1');
    await withToken.getByLabel('Confirm the password').fill('new-password-1');
    await withToken.getByRole('button', { name: 'Change my password' }).click();
    await withToken.getByRole('alert').getByText('The token does not exist').waitFor();

    // Closing the dialog also takes the token out of the address.
    await withToken.getByRole('button', { name: 'Close' }).click();
    await withToken.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${server.url}/`);
    await close();
  });

  it('mails nothing for an unknown address but answers the same', async () => {
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    const nobody = uniqueEmail('nobody');
    await page.goto(`${server.url}/#/auth/forgot-pwd`);
    const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
    await forgot.getByLabel('Email').fill(nobody);
    await forgot.getByRole('button', { name: 'Send the link' }).click();
    await forgot.getByText('Check your email').waitFor();
    expect(await mailsTo(server.dataDir, nobody)).toEqual([]);
    await close();
  });
});

describe('accessibility of the dialogs', () => {
  it('has no serious or critical violation, focuses the first field and keeps the focus inside', async () => {
    // Reduced motion: the app then skips its transitions, so axe sees the final colours.
    const { page, close } = await openPage(browser, { storage: settledStorage(), reducedMotion: 'reduce' });
    for (const [hash, name] of [
      ['#/auth/login', 'Sign in'],
      ['#/auth/signup', 'Create an account'],
      ['#/auth/forgot-pwd', 'Forgot your password?'],
      ['#/auth/change-pwd?token=x', 'Choose a new password'],
    ] as const) {
      await page.goto(`${server.url}/${hash}`);
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement)), name).toBe(true);
      // With the error messages shown as well.
      await dialog.locator('button[type="submit"]').click();
      await dialog.locator('[aria-invalid="true"], [role="alert"]').first().waitFor();
      expect(await axeViolations(page, '[role="dialog"]'), name).toEqual([]);
    }

    const pending = await signupByApi(server, { type: 'event-manager', email: uniqueEmail('axe') });
    await page.evaluate(([key, jwt]) => localStorage.setItem(key!, jwt!), [STORAGE_KEYS.token, pending.jwt]);
    await page.goto(`${server.url}/profile`);
    const verify = page.getByRole('dialog', { name: 'Verify your email' });
    await verify.waitFor();
    await verify.getByRole('button', { name: 'Verify' }).click();
    await verify.locator('[aria-invalid="true"]').waitFor();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await close();
  });

  it('can be used with the keyboard alone', async () => {
    const email = uniqueEmail('keyboard');
    await signupByApi(server, { type: 'viewer', email });
    const { page, close } = await openPage(browser, { storage: settledStorage() });
    await page.goto(`${server.url}/#/auth/login`);
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/profile`);
    await close();
  });
});
