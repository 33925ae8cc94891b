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
import { ContactPage } from './contact-page';
import { DeletionPage } from './deletion-page';
import { PasswordPage } from './password-page';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), show: vi.fn() } }));

function signIn(overrides: Partial<User> = {}) {
  writeStorage(STORAGE_KEYS.token, 'old-token');
  useSession.setState({ status: 'signed-in', user: testUser(overrides) });
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  removeStorage(STORAGE_KEYS.token);
  useSession.setState({ status: 'anonymous', user: null });
});

describe('/profile/me/contact', () => {
  it('requires the subject and the message, then sends them, says so and empties the form', async () => {
    signIn();
    const calls = mockApi(({ method, path }) => {
      if (method === 'POST' && path === '/connected/globals/contact-us') return { status: 204 };
      throw new Error(`unexpected call ${method} ${path}`);
    });
    const { user } = await renderUi(<ContactPage />, { path: '/profile/me/contact' });

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('Subject and message are required')).toHaveLength(2);
    expect(calls).toEqual([]);

    const subject = screen.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement;
    const message = screen.getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement;
    await user.type(subject, 'Une question');
    await user.type(message, 'Bonjour, comment publier un événement récurrent?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Your message is sent. We will get back to you soon.'),
    );
    expect(calls[0]?.body).toEqual({
      subject: 'Une question',
      message: 'Bonjour, comment publier un événement récurrent?',
    });
    expect(subject.value).toBe('');
    expect(message.value).toBe('');
  });

  it('shows a refusal of the server as the form message, in French', async () => {
    signIn();
    mockApi(() => ({
      status: 429,
      body: { errors: { global: 'Trop de tentatives. Veuillez réessayer dans 60 minutes.' } },
    }));
    const { user } = await renderUi(<ContactPage />, { lang: 'fr', path: '/profile/me/contact' });
    expect(screen.getByRole('heading', { name: 'Nous joindre', level: 1 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findAllByText('Le sujet et le message sont obligatoires')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: /^Objet/ }), 'Sujet');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Texte');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Trop de tentatives');
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('/profile/me/password', () => {
  const passwordBox = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

  it('puts a mismatch on the confirmation before asking the server', async () => {
    signIn();
    const calls = mockApi(() => ({ status: 500 }));
    const { user } = await renderUi(<PasswordPage />, { path: '/profile/me/password' });
    await user.type(passwordBox(/^Current password/), 'old-password');
    await user.type(passwordBox(/^New password/), 'a-new-password');
    await user.type(passwordBox(/^Confirm the new password/), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));

    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(passwordBox(/^Confirm the new password/).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('names its show-password buttons in French', async () => {
    signIn();
    mockApi(() => ({ status: 500 }));
    await renderUi(<PasswordPage />, { lang: 'fr', path: '/profile/me/password' });
    const toggles = await screen.findAllByRole('button', { name: 'Afficher le mot de passe' });
    expect(toggles).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Toggle password visibility/ })).toBeNull();
  });

  it('shows a wrong current password from the server on its field', async () => {
    signIn();
    mockApi(({ method, path }) => {
      if (method === 'PUT' && path === '/connected/me/password') {
        return { status: 400, body: { errors: { currentPassword: 'Password is invalid' } } };
      }
      throw new Error(`unexpected call ${method} ${path}`);
    });
    const { user } = await renderUi(<PasswordPage />, { path: '/profile/me/password' });
    await user.type(passwordBox(/^Current password/), 'wrong-password');
    await user.type(passwordBox(/^New password/), 'a-new-password');
    await user.type(passwordBox(/^Confirm the new password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));

    expect(await screen.findByText('Password is invalid')).toBeTruthy();
    expect(passwordBox(/^Current password/).getAttribute('aria-invalid')).toBe('true');
    expect(readStorage(STORAGE_KEYS.token)).toBe('old-token');
  });

  it('keeps the user signed in with the new token the server answers', async () => {
    signIn();
    const calls = mockApi(({ method, path }) => {
      if (method === 'PUT' && path === '/connected/me/password') {
        return { body: { jwt: 'new-token', user: testUser({ name: 'After change' }) } };
      }
      throw new Error(`unexpected call ${method} ${path}`);
    });
    const { user } = await renderUi(<PasswordPage />, { path: '/profile/me/password' });
    await user.type(passwordBox(/^Current password/), 'old-password');
    await user.type(passwordBox(/^New password/), 'a-new-password');
    await user.type(passwordBox(/^Confirm the new password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your password is changed.'));
    expect(calls[0]?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'a-new-password',
      confirmNewPassword: 'a-new-password',
    });
    expect(readStorage(STORAGE_KEYS.token)).toBe('new-token');
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', user: { name: 'After change' } });
    expect(passwordBox(/^Current password/).value).toBe('');
  });
});

describe('/profile/me/deletion', () => {
  it('names what an organisation loses, confirms, deletes, clears the session and goes to the map', async () => {
    signIn({ type: 'event-manager', email: 'salle@example.ca' });
    const calls = mockApi(({ method, path }) => {
      if (method === 'DELETE' && path === '/connected/me') return { status: 204 };
      throw new Error(`unexpected call ${method} ${path}`);
    });
    const { user, router } = await renderUi(<DeletionPage />, {
      path: '/profile/me/deletion',
      route: '/profile/me/deletion',
    });

    const erased = within(screen.getByRole('list', { name: 'Erased at once' }));
    expect(erased.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Your name, email address, phone number, website, addresses, billing address and password.',
      'Your profile picture and the images you uploaded, deleted from our storage.',
      'Your events: they leave the map and your profile, with their images.',
      'Your messages sent through the contact form, and the newsletter subscription of your address.',
      'Your plan ends: it is not renewed and no further payment is taken. Your saved card is removed, here and at our payment provider.',
    ]);
    const kept = within(screen.getByRole('list', { name: 'Kept, and why' }));
    expect(kept.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'The invoices already issued: their number, amounts and taxes, and the business name and billing address printed on them. Tax law requires us to keep them for six years; they no longer carry your email address.',
    ]);
    expect(
      screen.getByText(/Canada's privacy law \(PIPEDA\) and, for residents of Québec, Québec's Law 25/),
    ).toBeTruthy();
    expect(screen.getByText('You can create a new account with salle@example.ca later: it starts empty.')).toBeTruthy();

    // Cancelling the confirmation sends nothing.
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));

    await waitFor(() => expect(useSession.getState().status).toBe('anonymous'));
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['DELETE /connected/me']);
    expect(readStorage(STORAGE_KEYS.token)).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(toast.success).toHaveBeenCalledWith('Your account is deleted.');
  });

  it("names what a viewer's deletion erases and keeps, and why, in French", async () => {
    signIn({ type: 'viewer', email: 'vera@example.ca' });
    mockApi(() => ({ status: 500 }));
    await renderUi(<DeletionPage />, { lang: 'fr', path: '/profile/me/deletion' });
    expect(screen.getByRole('heading', { name: 'Supprimer mon compte', level: 1 })).toBeTruthy();
    expect(
      screen.getByText(/la loi canadienne sur la protection des renseignements personnels \(LPRPDE\)/),
    ).toBeTruthy();
    expect(screen.getByText(/pour les résidents du Québec, la Loi 25/)).toBeTruthy();
    const erased = within(screen.getByRole('list', { name: 'Effacé tout de suite' }));
    expect(erased.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Votre nom, votre adresse courriel, votre numéro de téléphone, votre site web, vos adresses, votre adresse de facturation et votre mot de passe.',
      'Votre photo de profil et les images que vous avez téléversées, supprimées de notre stockage.',
      'Vos événements favoris.',
      "Vos messages envoyés par le formulaire de contact, et l'abonnement de votre adresse à l'infolettre.",
    ]);
    const kept = within(screen.getByRole('list', { name: 'Conservé, et pourquoi' }));
    expect(kept.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Rien qui vous identifie.']);
    expect(screen.queryByText(/factures/)).toBeNull();
    expect(
      screen.getByText('Vous pourrez créer plus tard un nouveau compte avec vera@example.ca : il partira de zéro.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Supprimer mon compte' })).toBeTruthy();
  });

  it('tells an administrator why and offers no button', async () => {
    signIn({ isAdmin: true, id: 1 });
    const calls = mockApi(() => ({ status: 500 }));
    await renderUi(<DeletionPage />, { path: '/profile/me/deletion' });
    expect(screen.getByText('An administrator cannot delete their own account or user 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
