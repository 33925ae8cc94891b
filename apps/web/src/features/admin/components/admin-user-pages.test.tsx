// @vitest-environment happy-dom
import type { User } from '@evmap/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { defaultTrialEnd } from '../utils/admin-user-form-schema';
import { AdminUserCreatePage } from './admin-user-create-page';
import { AdminUserEditPage } from './admin-user-edit-page';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), show: vi.fn() } }));

const ADMIN_ID = 2;
const route = '/profile/admin/users/:userId';

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  useSession.setState({ status: 'signed-in', user: testUser({ id: ADMIN_ID, isAdmin: true, email: 'admin@x.ca' }) });
});
afterEach(() => useSession.setState({ status: 'anonymous', user: null }));

const value = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement | HTMLInputElement).value;
const options = (label: string) =>
  [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.value).filter(Boolean);

describe('creating a user', () => {
  it('starts from the defaults and sends them with the name and email', async () => {
    const calls = mockApi(({ method, body }) =>
      method === 'POST' ? { status: 201, body: { user: testUser({ id: 40, ...(body as object) }) } } : { status: 404 },
    );
    const { user, router } = await renderUi(<AdminUserCreatePage />, { path: '/profile/admin/users/create' });
    const end = defaultTrialEnd(new Date());
    expect(value('Account type')).toBe('event-manager');
    expect(value('Plan')).toBe('trial');
    expect([value('Year'), value('Month'), value('Day')]).toEqual([
      String(end.year),
      String(end.month),
      String(end.day),
    ]);
    expect(value('Preferred language')).toBe('en');

    await user.type(screen.getByLabelText(/^Name/), 'Théâtre Outremont');
    await user.type(screen.getByLabelText(/^Email/), 'theatre@example.ca');
    await user.click(screen.getByRole('button', { name: 'Create the user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/admin/users/40'));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/connected/admin/users');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(post?.body).toMatchObject({
      name: 'Théâtre Outremont',
      email: 'theatre@example.ca',
      type: 'event-manager',
      planType: 'trial',
      trialEndedAt: `${end.year}-${pad(end.month)}-${pad(end.day)}`,
      preferredLang: 'en',
    });
    expect(toast.success).toHaveBeenCalledWith('The user is created and was sent an email to choose a password.');
  });

  it('offers the years from the current one to nine later and the days 1 to 31, and refuses 31 February', async () => {
    const calls = mockApi(() => ({ status: 500 }));
    const { user } = await renderUi(<AdminUserCreatePage />, { path: '/profile/admin/users/create' });
    const year = new Date().getFullYear();
    expect(options('Year')).toEqual(Array.from({ length: 10 }, (_, i) => String(year + i)));
    expect(options('Day')).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
    expect(options('Month')).toHaveLength(12);
    expect(within(screen.getByLabelText('Month')).getByRole('option', { name: 'February' })).toBeTruthy();

    await user.type(screen.getByLabelText(/^Name/), 'Salle');
    await user.type(screen.getByLabelText(/^Email/), 'salle@example.ca');
    await user.selectOptions(screen.getByLabelText('Year'), String(year + 1));
    await user.selectOptions(screen.getByLabelText('Month'), '2');
    await user.selectOptions(screen.getByLabelText('Day'), '31');
    await user.click(screen.getByRole('button', { name: 'Create the user' }));
    expect(await screen.findByText('The field must be a valid date')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('requires the name and email before asking the API, and shows its refusal on the field', async () => {
    const calls = mockApi(({ method }) =>
      method === 'POST' ? { status: 409, body: { errors: { email: 'Email already exists' } } } : { status: 404 },
    );
    const { user } = await renderUi(<AdminUserCreatePage />, { path: '/profile/admin/users/create' });
    await user.click(screen.getByRole('button', { name: 'Create the user' }));
    expect(await screen.findByText('The field Name is required')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText(/^Name/), 'Salle');
    await user.type(screen.getByLabelText(/^Email/), 'taken@example.ca');
    await user.click(screen.getByRole('button', { name: 'Create the user' }));
    expect(await screen.findByText('Email already exists')).toBeTruthy();
  });
});

describe('editing a user', () => {
  const member = testUser({ id: 12, name: 'Salle', email: 'salle@example.ca', planType: 'trial' });

  function usersApi(
    plans: (body: unknown) => { status?: number; body?: unknown } = () => ({ body: { user: member } }),
  ) {
    let current: User = member;
    return mockApi(({ method, path, body }) => {
      if (method === 'GET' && path === `/connected/admin/users/id/${current.id}`) return { body: { user: current } };
      if (method === 'PUT' && path === '/connected/admin/users/12') {
        current = { ...current, ...(body as Partial<User>), trialEndedAt: current.trialEndedAt };
        return { body: { user: current } };
      }
      if (method === 'PUT' && path === '/connected/admin/users/12/plans') {
        const answer = plans(body);
        if (!answer.status) current = { ...current, ...(body as Partial<User>) };
        return answer.status ? answer : { body: { user: current } };
      }
      if (method === 'DELETE') return { status: 204 };
      return { status: 404, body: { errors: { global: 'Not found' } } };
    });
  }

  it('saves the user, then sends the changed plan', async () => {
    const calls = usersApi();
    const { user } = await renderUi(<AdminUserEditPage />, { path: '/profile/admin/users/12', route });
    expect(await screen.findByDisplayValue('salle@example.ca')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Plan'), 'complete');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The user is saved.'));
    const writes = calls.filter((call) => call.method === 'PUT');
    expect(writes.map((call) => call.path)).toEqual(['/connected/admin/users/12', '/connected/admin/users/12/plans']);
    expect(writes[0]?.body).not.toHaveProperty('planType');
    // The trial day was not touched: it is not sent, so its time of day stays.
    expect(writes[0]?.body).not.toHaveProperty('trialEndedAt');
    expect(writes[1]?.body).toEqual({ planType: 'complete' });

    // Saving again without a plan change sends only the user.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(3));
    expect(calls.filter((call) => call.method === 'PUT')[2]?.path).toBe('/connected/admin/users/12');
  });

  it('shows the refusal of the plan change on the plan field', async () => {
    usersApi(() => ({
      status: 400,
      body: { errors: { global: 'No plan selected. Please select a plan to continue.' } },
    }));
    const { user } = await renderUi(<AdminUserEditPage />, { path: '/profile/admin/users/12', route });
    await user.selectOptions(await screen.findByLabelText('Plan'), 'unit');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByRole('alert');
    expect(message.textContent).toContain('The user is saved, but the plan could not be changed.');
    expect(await screen.findByText('No plan selected. Please select a plan to continue.')).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('deletes another user after the confirmation, then goes back to the list', async () => {
    const calls = usersApi();
    const { user, router } = await renderUi(<AdminUserEditPage />, { path: '/profile/admin/users/12', route });
    await user.click(await screen.findByRole('button', { name: 'Delete the user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(dialog.textContent).toContain('salle@example.ca');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/admin/users'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/connected/admin/users/id/12',
    ]);
  });

  it('shows the API refusal of a deletion', async () => {
    mockApi(({ method }) =>
      method === 'DELETE'
        ? { status: 403, body: { errors: { global: 'You cannot delete this account' } } }
        : { body: { user: member } },
    );
    const { user } = await renderUi(<AdminUserEditPage />, { path: '/profile/admin/users/12', route });
    await user.click(await screen.findByRole('button', { name: 'Delete the user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete the user' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You cannot delete this account'));
  });

  it.each([
    ['the administrator themselves', ADMIN_ID],
    ['user 1', 1],
  ])('offers no deletion of %s', async (_who, id) => {
    mockApi(() => ({ body: { user: testUser({ id, isAdmin: true }) } }));
    await renderUi(<AdminUserEditPage />, { path: `/profile/admin/users/${id}`, route });
    expect(await screen.findByText(/This account cannot be deleted/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete the user' })).toBeNull();
  });

  it('goes back to the users list when the user cannot be loaded', async () => {
    mockApi(() => ({ status: 404, body: { errors: { global: 'Not found' } } }));
    const { router } = await renderUi(<AdminUserEditPage />, { path: '/profile/admin/users/999', route });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/admin/users'));
    expect(toast.error).toHaveBeenCalledWith('This user could not be loaded.');
  });

  it('does not ask the API for a link that is no id', async () => {
    const calls = mockApi(() => ({ status: 500 }));
    const { router } = await renderUi(<AdminUserEditPage />, { path: '/profile/admin/users/abc', route });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/admin/users'));
    expect(calls).toEqual([]);
  });
});

describe('in French', () => {
  it('labels the form and its defaults in French', async () => {
    mockApi(() => ({ status: 500 }));
    await renderUi(<AdminUserCreatePage />, { path: '/profile/admin/users/create', lang: 'fr' });
    expect(screen.getByRole('heading', { name: 'Nouvel utilisateur', level: 1 }).textContent).toBeTruthy();
    expect(value('Langue préférée')).toBe('fr');
    expect(value('Forfait')).toBe('trial');
    expect(within(screen.getByLabelText('Forfait')).getByRole('option', { name: 'Essai gratuit' })).toBeTruthy();
    expect(within(screen.getByLabelText('Mois')).getByRole('option', { name: 'février' })).toBeTruthy();
    expect(screen.getByRole('group', { name: "Fin de l'essai gratuit" })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Créer l'utilisateur" })).toBeTruthy();
  });
});
