// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
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
});
