// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { AdminUsersPage } from './admin-users-page';

type Call = { method: string; path: string };

/** Answers the admin users list with `users` (100 a page). */
function usersList(users: ReturnType<typeof testUser>[], totalCount = users.length) {
  return mockApi(({ method, path }) => {
    if (method === 'GET' && path.startsWith('/connected/admin/users?')) {
      const page = Number(new URL(path, 'http://x').searchParams.get('page'));
      return { body: { users, pagination: { page, limit: 100, totalCount, totalPages: Math.ceil(totalCount / 100) } } };
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

const lastQuery = (calls: Call[]) => Object.fromEntries(new URL(calls.at(-1)?.path ?? '', 'http://x').searchParams);

const renderPage = (lang: 'en' | 'fr' = 'en', path = '/profile/admin/users') =>
  renderUi(<AdminUsersPage />, { lang, path, route: '/profile/admin/users' });

afterEach(() => vi.unstubAllGlobals());

describe('the admin users table', () => {
  it('lists every account with its type and plan, deleted ones marked, each linking to its page', async () => {
    const calls = usersList([
      testUser({ id: 9, name: 'Salle Bourgie', planType: 'complete' }),
      testUser({ id: 8, name: 'Gone', email: 'gone@example.ca', deletedAt: '2026-01-01T00:00:00.000Z' }),
      testUser({ id: 1, name: 'Administrator', email: 'admin@example.ca', isAdmin: true, planType: null }),
      testUser({ id: 5, name: 'Viewer', type: 'viewer', planType: null }),
    ]);
    await renderPage();
    const link = await screen.findByRole('link', { name: 'Salle Bourgie' });
    expect(link.getAttribute('href')).toBe('/profile/admin/users/9');
    expect(lastQuery(calls)).toEqual({
      type: 'all',
      page: '1',
      sortField: 'id',
      sortDirection: 'desc',
      limit: '100',
    });
    expect(screen.getByRole('tab', { name: 'All', selected: true })).toBeTruthy();
    expect(screen.getByText('4 users')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New user' }).getAttribute('href')).toBe('/profile/admin/users/create');

    const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;
    expect(within(row('Salle Bourgie')).getByText('Complete')).toBeTruthy();
    expect(within(row('Salle Bourgie')).getByText('Event manager')).toBeTruthy();
    expect(within(row('Gone')).getByText('Deleted')).toBeTruthy();
    expect(row('Gone').className).toMatch(/highlighted/);
    expect(within(row('Administrator')).getByText('Administrator', { selector: 'span' })).toBeTruthy();
    expect(within(row('Viewer')).getByText('None')).toBeTruthy();
    expect(within(row('Viewer')).getByRole('cell', { name: 'Viewer' })).toBeTruthy();
  });

  it('filters by type with the tabs, kept in the URL', async () => {
    const calls = usersList([testUser()]);
    const { user, router } = await renderPage('en', '/profile/admin/users?page=2');
    await screen.findByRole('link', { name: 'Salle Bourgie' });

    await user.click(screen.getByRole('tab', { name: 'Viewers' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ type: 'viewer', page: '1' }));
    expect(router.state.location.search).toBe('?type=viewer');
    expect(screen.getByRole('tab', { name: 'Viewers', selected: true })).toBeTruthy();
    expect(await screen.findByRole('table', { name: /^Viewers/ })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Event managers' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ type: 'event-manager' }));
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('searches and sorts through the URL, with the API sort fields', async () => {
    const calls = usersList([testUser()]);
    const { user, router } = await renderPage('en', '/profile/admin/users?type=event-manager');
    await screen.findByRole('link', { name: 'Salle Bourgie' });

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'salle');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'salle', type: 'event-manager' }));

    await user.click(screen.getByRole('button', { name: 'Plan' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sortField: 'planType', sortDirection: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /^Plan/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sortField: 'createdAt', sortDirection: 'asc' }));
    expect(router.state.location.search).toBe('?type=event-manager&search=salle&sortField=createdAt&sortDirection=asc');
  });

  it('speaks French', async () => {
    usersList([testUser({ type: 'viewer', planType: 'trial' })], 2);
    await renderPage('fr');
    await screen.findByRole('link', { name: 'Salle Bourgie' });
    expect(screen.getByRole('heading', { name: 'Utilisateurs', level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Tous', 'Visiteurs', 'Organisateurs']);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'Nom',
      'Courriel',
      'Type',
      'Forfait',
      'Créé le',
    ]);
    expect(screen.getByText('2 utilisateurs')).toBeTruthy();
    expect(screen.getByText('Essai gratuit')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Visiteur' })).toBeTruthy();
  });
});
