// @vitest-environment happy-dom
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { User } from '@evmap/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { SettingsPage } from './settings-page';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), show: vi.fn() } }));

function signIn(overrides: Partial<User> = {}) {
  const user = testUser(overrides);
  useSession.setState({ status: 'signed-in', user });
  return user;
}

const renderSettings = (lang: 'en' | 'fr' = 'en') =>
  renderUi(<SettingsPage />, { lang, path: '/profile/me', route: '/profile/me' });

const sessionUser = () => useSession.getState().user;

beforeEach(() => vi.mocked(toast.success).mockClear());

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ status: 'anonymous', user: null });
});

describe('the name and email form', () => {
  it('saves the name and puts a server error on its field', async () => {
    signIn({ type: 'viewer', name: 'Vera' });
    let attempt = 0;
    const calls = mockApi(({ method, path, body }) => {
      if (method === 'PUT' && path === '/connected/me') {
        attempt += 1;
        if (attempt === 1) return { status: 400, body: { errors: { name: 'The field name is too long' } } };
        return { body: { user: testUser({ type: 'viewer', ...(body as object) }) } };
      }
      throw new Error(`unexpected call ${method} ${path}`);
    });
    const { user } = await renderSettings();

    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Vera Roy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The field name is too long');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // The email did not change, so it is not sent (no new verification code).
    expect(calls[0]?.body).toEqual({ name: 'Vera Roy' });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sessionUser()?.name).toBe('Vera Roy'));
    expect(toast.success).toHaveBeenCalledWith('Your profile is saved.');
    expect(screen.queryByText('The field name is too long')).toBeNull();
  });

  it('checks the name and the email before asking the server', async () => {
    signIn({ type: 'viewer' });
    const calls = mockApi(() => ({ status: 500 }));
    const { user } = await renderSettings();
    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The field Name is required')).toBeTruthy();
    expect(screen.getByText('The email is not valid')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("opens the closable verify-email dialog after an event-manager's email change, and shows it pending", async () => {
    const before = signIn({ name: 'Salle Bourgie', email: 'salle@example.ca' });
    const calls = mockApi(({ method, path, body }) => {
      if (method === 'PUT' && path === '/connected/me') {
        const { email } = body as { email: string };
        return { body: { user: { ...before, unverifiedEmail: email } } };
      }
      throw new Error(`unexpected call ${method} ${path}`);
    });
    const { user, router } = await renderSettings();

    // An event-manager's name is the business name.
    expect(screen.getByRole('textbox', { name: /^Business name/ })).toBeTruthy();
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, ' New@Example.ca ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.hash).toBe('#/auth/verify-email'));
    expect(calls[0]?.body).toEqual({ name: 'Salle Bourgie', email: 'new@example.ca' });
    expect(router.state.location.pathname).toBe('/profile/me');
    expect(router.state.location.state).toEqual({
      email: 'new@example.ca',
      coming_from: 'click',
      redirect_to: '/profile/me',
    });
    // The address stays the verified one until the code is entered.
    expect((screen.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement).value).toBe('salle@example.ca');
    expect(sessionUser()?.unverifiedEmail).toBe('new@example.ca');
    expect(await screen.findByText('Email change waiting for verification')).toBeTruthy();
    expect(screen.getByText(/Confirm new@example.ca with the code/)).toBeTruthy();
  });

  it('offers to verify or cancel a pending change', async () => {
    const before = signIn({ email: 'salle@example.ca', unverifiedEmail: 'new@example.ca' });
    const calls = mockApi(({ method, path }) => {
      if (method === 'DELETE' && path === '/connected/auth/unverified-email') {
        return { body: { user: { ...before, unverifiedEmail: null } } };
      }
      throw new Error(`unexpected call ${method} ${path}`);
    });
    const { user, router } = await renderSettings();

    await user.click(screen.getByRole('button', { name: 'Enter the code' }));
    expect(router.state.location.hash).toBe('#/auth/verify-email');
    expect(router.state.location.state).toMatchObject({ coming_from: 'click', email: 'new@example.ca' });

    await user.click(screen.getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() => expect(sessionUser()?.unverifiedEmail).toBeNull());
    expect(calls.map((call) => call.method)).toEqual(['DELETE']);
    expect(toast.success).toHaveBeenCalledWith('The email change is cancelled.');
    expect(screen.queryByText(/waiting for verification/)).toBeNull();
  });
});

describe('the avatar', () => {
  it('uploads a png into users, attaches it and updates the session', async () => {
    signIn({ type: 'viewer' });
    const calls = mockApi(({ method, path, body }) => {
      if (method === 'POST' && path === '/connected/globals/upload') {
        expect((body as FormData).get('folder')).toBe('users');
        return { body: { path: 'users/abc', url: '/uploads/users/abc/512.jpg' } };
      }
      if (method === 'PUT' && path === '/connected/me') {
        return {
          body: { user: testUser({ type: 'viewer', imagePath: 'users/abc', imageUrl: '/uploads/users/abc/512.jpg' }) },
        };
      }
      throw new Error(`unexpected call ${method} ${path}`);
    });
    const { user } = await renderSettings();

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Profile picture'), png);
    await waitFor(() => expect(sessionUser()?.imageUrl).toBe('/uploads/users/abc/512.jpg'));
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /connected/globals/upload',
      'PUT /connected/me',
    ]);
    expect(calls[1]?.body).toEqual({ imagePath: 'users/abc' });
    expect(screen.getByRole('img', { name: 'Image 1' }).getAttribute('src')).toBe('/uploads/users/abc/512.jpg');
    expect(toast.success).toHaveBeenCalledWith('Your profile picture is saved.');

    // Removing it detaches it.
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ imagePath: null }));
  });
});

describe('the switch to event manager and the menu', () => {
  it('is offered to a viewer, and the menu lists the pages and the legal PDFs in French', async () => {
    signIn({ type: 'viewer', planType: null });
    mockApi(() => ({ status: 500 }));
    await renderSettings('fr');

    expect(screen.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Passer à un compte d'organisateur" })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Nom/ })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Compte et aide' });
    const links = within(menu).getAllByRole('link');
    expect(
      links.map((link) => [link.getAttribute('aria-label') ?? link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Informations du compte', '/profile/me/account'],
      ['Changer le mot de passe', '/profile/me/password'],
      ['Nous joindre', '/profile/me/contact'],
      ['Supprimer mon compte', '/profile/me/deletion'],
      ["Politique de confidentialité (s'ouvre dans un nouvel onglet)", '/legals/policy/policy-fr.pdf'],
      ["Conditions d'utilisation (s'ouvre dans un nouvel onglet)", '/legals/terms/terms-fr.pdf'],
      ['Carte', '/'],
      ['Profil', '/profile'],
    ]);
    expect(links[4]?.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
  });

  it('says why the switch is refused when no code can be sent now, and stays a viewer', async () => {
    signIn({ type: 'viewer', planType: null });
    const message =
      'You have reached the limit of verification code requests. Please try again later and check your inbox.';
    mockApi(() => ({ status: 429, body: { errors: { global: message } } }));
    const { user, router } = await renderSettings();
    await user.click(screen.getByRole('button', { name: 'Switch to event manager' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(router.state.location.pathname).toBe('/profile/me');
    expect(sessionUser()?.type).toBe('viewer');
  });

  it('switches a viewer the API needs no code from to event manager, then goes to /profile', async () => {
    signIn({ type: 'viewer', planType: null });
    const calls = mockApi(({ method, path }) => {
      if (method === 'PUT' && path === '/connected/me') return { body: { user: testUser({ type: 'event-manager' }) } };
      throw new Error(`unexpected call ${method} ${path}`);
    });
    const { user, router } = await renderSettings();
    await user.click(screen.getByRole('button', { name: 'Switch to event manager' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls[0]?.body).toEqual({ type: 'event-manager' });
    expect(sessionUser()?.type).toBe('event-manager');
  });

  it('is not offered to an organisation or an administrator', async () => {
    signIn({ type: 'event-manager' });
    mockApi(() => ({ status: 500 }));
    const { unmount } = await renderSettings();
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Switch to event manager' })).toBeNull();
    unmount();

    signIn({ type: 'viewer', isAdmin: true });
    await renderSettings();
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Switch to event manager' })).toBeNull();
  });
});

describe('signing out everywhere', () => {
  afterEach(() => removeStorage(STORAGE_KEYS.token));

  it('confirms, ends every session and keeps this device signed in with the new token', async () => {
    writeStorage(STORAGE_KEYS.token, 'old-token');
    const before = signIn({ type: 'viewer', name: 'Vera' });
    const calls = mockApi(({ method, path }) => {
      if (method === 'POST' && path === '/connected/me/sign-out-everywhere') {
        return { body: { jwt: 'fresh-token', user: before } };
      }
      throw new Error(`unexpected call ${method} ${path}`);
    });
    const { user } = await renderSettings();
    const button = screen.getByRole('button', { name: 'Sign out everywhere' });
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(
        'Signs your account out of every other browser and device, for example one you lost or lent. You stay signed in here.',
      ),
    ).toBeTruthy();

    // Cancelling sends nothing.
    await user.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(
      within(dialog).getByText(
        'Every browser and device signed in to your account, other than this one, will have to sign in again.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Every other session is signed out.'));
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /connected/me/sign-out-everywhere']);
    expect(readStorage(STORAGE_KEYS.token)).toBe('fresh-token');
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', user: { id: before.id } });
  });

  it('says it in French', async () => {
    signIn({ type: 'event-manager' });
    mockApi(() => ({ status: 500 }));
    const { user } = await renderSettings('fr');
    await user.click(screen.getByRole('button', { name: 'Me déconnecter partout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vous déconnecter partout\u202f?' });
    expect(
      within(dialog).getByText(
        'Tous les navigateurs et appareils connectés à votre compte, sauf celui-ci, devront se connecter de nouveau.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Vous restez connecté ici\./)).toBeTruthy();
  });
});
