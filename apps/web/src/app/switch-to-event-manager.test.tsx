// @vitest-environment happy-dom
/**
 * A journey across two features, composed here as the app composes them (the settings page and the
 * authentication dialog of the URL hash): the switch of a viewer to event manager, finished by the code
 * mailed to the address. Features do not import each other (biome.json); the app layer may.
 */
import type { User } from '@evmap/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogHost } from '@/features/auth/components/auth-dialog-host';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), show: vi.fn() } }));

function signIn(overrides: Partial<User> = {}) {
  const user = testUser(overrides);
  useSession.setState({ status: 'signed-in', user });
  return user;
}

const sessionUser = () => useSession.getState().user;

beforeEach(() => vi.mocked(toast.success).mockClear());

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ status: 'anonymous', user: null });
});

describe('the switch to event manager from the settings', () => {
  it('after the switch, asks for the code mailed to the address, saying why, then goes to /profile', async () => {
    for (const [lang, texts] of [
      [
        'en',
        {
          button: 'Switch to event manager',
          dialog: 'Verify your email',
          intro:
            'To become an event manager, your account needs a verified email address. We sent a 6-digit code to ' +
            'vera@example.ca: enter it below to finish.',
          code: 'Verification code',
          submit: 'Verify',
          done: 'Your email is verified: your account is now an event manager account.',
        },
      ],
      [
        'fr',
        {
          button: "Passer à un compte d'organisateur",
          dialog: 'Vérifiez votre courriel',
          intro:
            'Pour devenir organisateur, votre compte doit avoir une adresse courriel vérifiée. Nous avons envoyé un ' +
            'code à 6 chiffres à vera@example.ca : entrez-le ci-dessous pour terminer.',
          code: 'Code de vérification',
          submit: 'Vérifier',
          done: "Votre courriel est vérifié\u202f: votre compte est maintenant un compte d'organisateur.",
        },
      ],
    ] as const) {
      const viewer = signIn({ type: 'viewer', planType: null, email: 'vera@example.ca' });
      const pending = { ...viewer, type: 'event-manager', planType: 'trial', unverifiedEmail: viewer.email } as const;
      const calls = mockApi(({ method, path }) => {
        if (method === 'PUT' && path === '/connected/me') return { body: { user: pending } };
        if (method === 'POST' && path === '/connected/auth/verify-email') {
          return { body: { user: { ...pending, unverifiedEmail: null } } };
        }
        throw new Error(`unexpected call ${method} ${path}`);
      });
      // The settings and the dialogs of the URL hash, on every path, as the app shows them.
      const { user, router, unmount } = await renderUi(
        <>
          <SettingsPage />
          <AuthDialogHost />
        </>,
        { lang, path: '/profile/me' },
      );
      await user.click(screen.getByRole('button', { name: texts.button }));

      // Not an event manager yet: the dialog says that the code mailed to the address finishes the switch.
      const dialog = await screen.findByRole('dialog', { name: texts.dialog });
      expect(within(dialog).getByText(texts.intro)).toBeTruthy();
      expect(toast.success).not.toHaveBeenCalled();
      expect(router.state.location).toMatchObject({
        pathname: '/',
        hash: '#/auth/verify-email',
        state: { email: 'vera@example.ca', redirect_to: '/profile', coming_from: 'upgrade' },
      });
      expect(sessionUser()).toMatchObject({ type: 'event-manager', unverifiedEmail: 'vera@example.ca' });
      // Forced, as every first verification of an organisation.
      expect(within(dialog).queryByRole('button', { name: /Close|Fermer/ })).toBeNull();

      await user.type(within(dialog).getByLabelText(new RegExp(`^${texts.code}`)), '123456');
      await user.click(within(dialog).getByRole('button', { name: texts.submit }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
      expect(router.state.location.hash).toBe('');
      expect(toast.success).toHaveBeenCalledWith(texts.done);
      expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
        ['PUT', '/connected/me', { type: 'event-manager' }],
        ['POST', '/connected/auth/verify-email', { email: 'vera@example.ca', code: 123456 }],
      ]);
      expect(sessionUser()?.unverifiedEmail).toBeNull();
      unmount();
      vi.mocked(toast.success).mockClear();
    }
  });
});
