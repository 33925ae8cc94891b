// @vitest-environment happy-dom
import type { User } from '@evmap/contract/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session';
import { testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { AccountPage } from './account-page';

const COMPLETE_ADDRESS = {
  phoneNumber: '5145550123',
  address: '1339 rue Sherbrooke O',
  city: 'Montréal',
  zipcode: 'H3G 1J5',
  state: 'QC',
  country: 'CA',
} satisfies Partial<User>;

function signIn(overrides: Partial<User> = {}) {
  const user = testUser(overrides);
  useSession.setState({ status: 'signed-in', user });
  return user;
}

/**
 * Answers the account page's calls: the saved user becomes the PUT body over `user` (or `putAnswer`), the
 * billing parts are empty (a saved card, so no card form asks for a set-up).
 */
function accountApi(user: User, putAnswer?: { status: number; body: unknown }) {
  return mockApi(({ method, path, body }) => {
    if (method === 'PUT' && path === '/connected/me') {
      if (putAnswer) return putAnswer;
      const sent = body as Partial<User> & { email: string };
      return {
        body: {
          user: { ...user, ...sent, email: user.email, unverifiedEmail: sent.email === user.email ? null : sent.email },
        },
      };
    }
    if (path === '/connected/me/subscription') return { body: { subscription: null } };
    if (path === '/connected/me/invoices') return { body: { invoices: [] } };
    if (path === '/connected/sources') return { body: { sources: [] } };
    if (path === '/connected/me/payment-methods') {
      const card = { id: 1, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, isDefault: true, createdAt: '' };
      return { body: { paymentMethods: [card] } };
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

const renderAccount = (lang: 'en' | 'fr' = 'en') =>
  renderUi(<AccountPage />, { lang, path: '/profile/me/account', route: '/profile/me/account' });

/** The visible label of a field (with its required marker). */
const labelText = (input: HTMLElement) => document.querySelector(`label[for="${input.id}"]`)?.textContent?.trim();

const putBody = (calls: ReturnType<typeof mockApi>) =>
  calls.find((call) => call.method === 'PUT' && call.path === '/connected/me')?.body as Record<string, unknown>;

// Typing into many fields is slow in happy-dom, all the more on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ status: 'anonymous', user: null });
});

describe('the account form', () => {
  it('starts with "same as address" checked, hides the billing block and sends a copy of the address', async () => {
    const user = signIn();
    const calls = accountApi(user);
    const { user: u } = await renderAccount();

    const same = screen.getByRole('checkbox', { name: 'Same as address' }) as HTMLInputElement;
    expect(same.checked).toBe(true);
    expect(screen.queryByLabelText(/Billing city/)).toBeNull();
    expect(screen.getByLabelText(/Business name/)).toBeTruthy();

    await u.type(screen.getByLabelText(/^Address/), '1339 rue Sherbrooke O');
    await u.type(screen.getByLabelText(/^City/), 'Montréal');
    await u.type(screen.getByLabelText(/^Postal code/), 'h3g1j5');
    await u.selectOptions(screen.getByLabelText(/^Province/), 'QC');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(putBody(calls)).toBeDefined());
    expect(putBody(calls)).toMatchObject({
      address: '1339 rue Sherbrooke O',
      city: 'Montréal',
      zipcode: 'H3G 1J5',
      state: 'QC',
      country: 'CA',
      billingAddress: '1339 rue Sherbrooke O',
      billingCity: 'Montréal',
      billingZipcode: 'H3G 1J5',
      billingState: 'QC',
      billingCountry: 'CA',
    });
    expect(putBody(calls)).not.toHaveProperty('sameAddress');
    // The session has the saved user, so the header's alert follows.
    await waitFor(() => expect(useSession.getState().user?.billingCity).toBe('Montréal'));
  });

  it('shows the billing block once unchecked, and sends its own values', async () => {
    const user = signIn({ ...COMPLETE_ADDRESS });
    const calls = accountApi(user);
    const { user: u } = await renderAccount();

    await u.click(screen.getByRole('checkbox', { name: 'Same as address' }));
    await u.type(screen.getByLabelText(/Billing address/), '100 rue King O');
    await u.type(screen.getByLabelText(/Billing city/), 'Toronto');
    await u.type(screen.getByLabelText(/Billing postal code/), 'M5X 1A9');
    await u.selectOptions(screen.getByLabelText(/Billing province/), 'ON');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(putBody(calls)).toBeDefined());
    expect(putBody(calls)).toMatchObject({
      city: 'Montréal',
      billingAddress: '100 rue King O',
      billingCity: 'Toronto',
      billingZipcode: 'M5X 1A9',
      billingState: 'ON',
      billingCountry: 'CA',
    });
    // Saved apart from the address, the block stays shown.
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'Same as address' }) as HTMLInputElement).checked).toBe(false),
    );
  });

  it('starts unchecked when the billing address differs from the address', async () => {
    const user = signIn({ ...COMPLETE_ADDRESS, billingAddress: '100 rue King O', billingCity: 'Toronto' });
    accountApi(user);
    await renderAccount();
    expect((screen.getByRole('checkbox', { name: 'Same as address' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText(/Billing city/) as HTMLInputElement).value).toBe('Toronto');
  });

  it('lists the missing fields of an incomplete profile, marks them required, and still saves part of them', async () => {
    const user = signIn();
    const calls = accountApi(user);
    const { user: u } = await renderAccount();

    const notice = screen.getByText(/Still missing:/);
    expect(notice.textContent).toBe(
      'Still missing: Phone, Address, City, Postal code, Province, Country, Billing address, Billing postal code, Billing city, Billing province and Billing country.',
    );
    // Required markers on the fields a complete profile needs.
    for (const label of [/^Phone/, /^Address/, /^City/, /^Postal code/, /^Province/, /^Country/, /^Email/]) {
      expect(labelText(screen.getByLabelText(label))).toMatch(/\*$/);
    }

    // Only the phone: saved all the same.
    await u.type(screen.getByLabelText(/^Phone/), '5145550123');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putBody(calls)).toBeDefined());
    await waitFor(() => expect(screen.getByText(/Still missing:/).textContent).not.toContain('Phone'));
  });

  it('shows no notice once the profile is complete', async () => {
    const user = signIn({
      ...COMPLETE_ADDRESS,
      billingAddress: COMPLETE_ADDRESS.address,
      billingCity: COMPLETE_ADDRESS.city,
      billingZipcode: COMPLETE_ADDRESS.zipcode,
      billingState: 'QC',
      billingCountry: 'CA',
    });
    accountApi(user);
    await renderAccount();
    expect(screen.queryByText(/Still missing:/)).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Same as address' }) as HTMLInputElement).checked).toBe(true);
  });

  it('formats the phone as typed and sends its digits', async () => {
    const user = signIn();
    const calls = accountApi(user);
    const { user: u } = await renderAccount();
    const phone = screen.getByLabelText(/^Phone/) as HTMLInputElement;
    await u.type(phone, '5145550123');
    expect(phone.value).toBe('(514) 555-0123');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putBody(calls)).toBeDefined());
    expect(putBody(calls).phoneNumber).toBe('5145550123');
    // An unchanged email is not sent (a new one would wait for its code).
    expect(putBody(calls)).not.toHaveProperty('email');
  });

  it('puts the server field errors on their fields, the billing ones on the address while it is copied', async () => {
    const user = signIn();
    const calls = accountApi(user, {
      status: 400,
      body: { errors: { email: 'Email already exists', billingZipcode: 'The field billingZipcode is not valid' } },
    });
    const { user: u } = await renderAccount();
    const email = screen.getByLabelText(/^Email/);
    await u.clear(email);
    await u.type(email, 'taken@example.ca');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Email already exists')).toBeTruthy();
    const zipcode = screen.getByLabelText(/^Postal code/);
    expect(zipcode.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The field billingZipcode is not valid')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('checks the name, the email and the postal code before asking the server', async () => {
    const user = signIn();
    const calls = accountApi(user);
    const { user: u } = await renderAccount();
    await u.clear(screen.getByLabelText(/Business name/));
    await u.type(screen.getByLabelText(/^Postal code/), '12345');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The field Business name is required')).toBeTruthy();
    expect(screen.getByText('The field Postal code is not valid')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('refuses a billing province its postal code disagrees with, on the field, before asking the server', async () => {
    const user = signIn({ ...COMPLETE_ADDRESS });
    const calls = accountApi(user);
    const { user: u } = await renderAccount();
    await u.click(screen.getByRole('checkbox', { name: 'Same as address' }));
    await u.type(screen.getByLabelText(/Billing address/), '400 boulevard Jean-Lesage');
    await u.type(screen.getByLabelText(/Billing city/), 'Québec');
    await u.type(screen.getByLabelText(/Billing postal code/), 'G1K 8W1');
    await u.selectOptions(screen.getByLabelText(/Billing province/), 'AB');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    const province = screen.getByLabelText(/Billing province/);
    await waitFor(() => expect(province.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('The province does not match the postal code (its first letter gives the province)'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await u.selectOptions(province, 'QC');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putBody(calls)).toMatchObject({ billingZipcode: 'G1K 8W1', billingState: 'QC' }));
  });

  it('in French, says it on the province of the address while the billing block copies it', async () => {
    const user = signIn({ ...COMPLETE_ADDRESS });
    const calls = accountApi(user);
    const { user: u } = await renderAccount('fr');
    await u.selectOptions(screen.getByLabelText(/^Province/), 'ON');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const province = screen.getByLabelText(/^Province/);
    await waitFor(() => expect(province.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getAllByText('La province ne correspond pas au code postal (sa première lettre donne la province)'),
    ).toHaveLength(1);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("opens the verify-email dialog after an event-manager's email change", async () => {
    const user = signIn({ ...COMPLETE_ADDRESS });
    const calls = accountApi(user);
    const { user: u, router } = await renderAccount();
    const email = screen.getByLabelText(/^Email/);
    await u.clear(email);
    await u.type(email, 'New@Example.ca');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.hash).toBe('#/auth/verify-email'));
    expect(putBody(calls).email).toBe('new@example.ca');
    expect(router.state.location.pathname).toBe('/profile/me/account');
    expect(router.state.location.state).toEqual({
      email: 'new@example.ca',
      redirect_to: '/profile/me/account',
      coming_from: 'click',
    });
    // The saved address stays until the code is entered; the new one waits (the settings page's notice).
    expect((email as HTMLInputElement).value).toBe(user.email);
    expect(screen.getByText(/^Confirm new@example.ca with the code we sent there/)).toBeTruthy();
  });

  it('in French: labels, notice and a viewer sees only their information', async () => {
    const user = signIn({ type: 'viewer', planType: null, name: null });
    accountApi(user);
    await renderAccount('fr');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Informations du compte');
    const form = screen.getByRole('form', { name: 'Informations du compte' });
    expect(within(form).getByLabelText(/^Nom/)).toBeTruthy();
    expect(within(form).getByRole('checkbox', { name: "Identique à l'adresse" })).toBeTruthy();
    expect(screen.getByText('Il manque encore : Nom.')).toBeTruthy();
    // A viewer's complete profile needs only the name and the email.
    expect(labelText(within(form).getByLabelText(/^Téléphone/))).toBe('Téléphone');
    expect(screen.queryByRole('heading', { name: 'Carte de paiement' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Factures' })).toBeNull();
  });

  it('asks before leaving with unsaved changes, in French, and not once they are saved (issue 27, item 4)', async () => {
    const user = signIn(COMPLETE_ADDRESS);
    accountApi(user);
    const { user: u, router } = await renderAccount('fr');
    await u.type(screen.getByLabelText(/^Ville/), ' Centre');
    await act(() => router.navigate('/profile/me'));
    const dialog = await screen.findByRole('dialog', { name: /^Quitter cette page/ });
    expect(dialog.textContent).toContain('Vos modifications n’ont pas été enregistrées.');
    await u.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/profile/me/account');

    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(useSession.getState().user?.city).toBe('Montréal Centre'));
    await act(() => router.navigate('/profile/me'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/me'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
