// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { testUser } from '@/test/fixtures';
import { renderUi } from '@/test/render';
import { UserMenu } from './user-menu';

afterEach(() => {
  useSession.setState({ status: 'anonymous', user: null });
});

describe('the account menu button', () => {
  it('is named by the initials it shows, then what it is, in both languages', async () => {
    useSession.setState({ status: 'signed-in', user: testUser({ name: 'Salle Bourgie' }) });
    const { unmount } = await renderUi(<UserMenu />);
    const button = screen.getByRole('button', { name: 'SB, account menu' });
    expect(button.textContent).toBe('SB');
    unmount();
    await renderUi(<UserMenu />, { lang: 'fr' });
    expect(screen.getByRole('button', { name: 'SB, menu du compte' })).toBeTruthy();
  });

  it('opens the menu on its first press, its code loaded then, and keeps the focus on its button', async () => {
    useSession.setState({ status: 'signed-in', user: testUser({ name: 'Salle Bourgie', type: 'viewer' }) });
    const { user } = await renderUi(<UserMenu />);
    const button = screen.getByRole('button', { name: 'SB, account menu' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);

    // The DOM environment runs no transition: the menu is there, not shown (journeys check it in Chromium).
    const menu = await screen.findByRole('menu', { hidden: true });
    const loaded = screen.getByRole('button', { name: 'SB, account menu', hidden: true });
    await waitFor(() => expect(loaded.getAttribute('aria-expanded')).toBe('true'));
    expect(loaded.getAttribute('aria-controls')).toBe(menu.id);
    expect(document.activeElement).toBe(loaded);
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual([
      'Account information',
      'Change password',
      'Settings',
      'Delete my account',
      'Contact us',
      'Map',
      'Profile',
      'Privacy policy',
      'Terms of use',
      'Switch to event manager',
      'Log out',
    ]);

    // From then on, the button is the menu's own: it closes it, and opens it again.
    await user.click(loaded);
    await waitFor(() => expect(loaded.getAttribute('aria-expanded')).toBe('false'));
    await user.click(loaded);
    await waitFor(() => expect(loaded.getAttribute('aria-expanded')).toBe('true'));
  });
});
