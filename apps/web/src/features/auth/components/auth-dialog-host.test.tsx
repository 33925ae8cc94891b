// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { testUser } from '@/test/fixtures';
import { renderUi } from '@/test/render';
import { AuthDialogHost } from './auth-dialog-host';

afterEach(() => {
  useSession.setState({ status: 'anonymous', user: null });
});

describe('the sign-in and sign-up dialogs', () => {
  it('close themselves for a user already signed in, keeping the page', async () => {
    useSession.setState({ status: 'signed-in', user: testUser() });
    for (const hash of ['#/auth/login', '#/auth/signup']) {
      const { router, unmount } = await renderUi(<AuthDialogHost />, { path: `/events/abc?x=1${hash}` });
      await waitFor(() => expect(router.state.location.hash).toBe(''));
      expect(router.state.location.pathname).toBe('/events/abc');
      expect(router.state.location.search).toBe('?x=1');
      expect(screen.queryByRole('dialog')).toBeNull();
      unmount();
    }
  });

  it('go on to the page that asked for the sign-in when there is one', async () => {
    useSession.setState({ status: 'signed-in', user: testUser() });
    const { router } = await renderUi(<AuthDialogHost />, { path: '/' });
    await router.navigate({ pathname: '/', hash: '#/auth/login' }, { state: { redirect_to: '/profile/me' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/me'));
  });

  it('wait for the session, then open for a visitor', async () => {
    useSession.setState({ status: 'loading', user: null });
    const { router } = await renderUi(<AuthDialogHost />, { path: '/#/auth/login' });
    expect(screen.queryByRole('dialog')).toBeNull();
    useSession.setState({ status: 'anonymous', user: null });
    await screen.findByRole('dialog', { name: 'Sign in' });
    expect(router.state.location.hash).toBe('#/auth/login');
  });

  it('stay for the user who signs in through them (the dialog goes on by itself)', async () => {
    const { router } = await renderUi(<AuthDialogHost />, { path: '/#/auth/signup' });
    await screen.findByRole('dialog', { name: 'Create an account' });
    useSession.setState({ status: 'signed-in', user: testUser() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.hash).toBe('#/auth/signup');
    expect(screen.getByRole('dialog', { name: 'Create an account' })).toBeTruthy();
  });

  it('name the show-password button in the language of the page', async () => {
    const { unmount } = await renderUi(<AuthDialogHost />, { path: '/#/auth/login', lang: 'fr' });
    const dialog = await screen.findByRole('dialog', { name: 'Se connecter' });
    expect(dialog.querySelector('button[aria-label="Afficher le mot de passe"]')).not.toBeNull();
    expect(dialog.textContent).not.toContain('Toggle');
    expect(dialog.querySelector('[aria-label*="Toggle"]')).toBeNull();
    unmount();
  });
});
