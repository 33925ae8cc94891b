// @vitest-environment happy-dom
import type { AdminDashboard } from '@evmap/contract/admin-dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { testEvent, testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { AdminDashboardPage } from './admin-dashboard-page';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), show: vi.fn() } }));

const counts: AdminDashboard['counts'] = {
  eventsToday: 12,
  eventsThisWeek: 1234,
  organisersByPlan: { complete: 3, 'free-complete': 1, unit: 2, trial: 5, canceled: 1, none: 0 },
  newAccountsThisWeek: 4,
  reportedEvents: 2,
};

const reported = [
  {
    ...testEvent({ id: 5, titleFr: 'Soirée bruyante', titleEn: 'Noisy night', signaledCount: 7 }),
    lastSignaledAt: '2026-03-02T15:30:00.000Z',
    signalReasons: [
      { reason: 'offensive' as const, count: 5 },
      { reason: 'unspecified' as const, count: 2 },
    ],
  },
  {
    ...testEvent({ id: 6, titleFr: 'Vieux marché', titleEn: 'Old market', active: false, isPast: true }),
    signaledCount: 2,
    lastSignaledAt: '2026-02-20T10:00:00.000Z',
    signalReasons: [{ reason: 'cancelled' as const, count: 2 }],
  },
];

const queue = (events = reported) => ({
  events,
  pagination: { page: 1, limit: 20, totalCount: events.length, totalPages: 1 },
});

type Call = { method: string; path: string; body: unknown };

/** The API of the dashboard; `answer` handles the moderation actions. */
function dashboardApi(answer: (call: Call) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return mockApi((call) => {
    const custom = answer(call);
    if (custom) return custom;
    if (call.path === '/connected/admin/dashboard') return { body: { counts } };
    if (call.path === '/connected/admin/source-links') return { body: { links: [] } };
    if (call.path.startsWith('/connected/admin/moderation')) return { body: queue() };
    return { status: 404, body: { errors: { global: 'Not found' } } };
  });
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  useSession.setState({ status: 'signed-in', user: testUser({ id: 1, isAdmin: true }) });
});
afterEach(() => useSession.setState({ status: 'anonymous', user: null }));

describe('the admin dashboard', () => {
  it('shows each count as a link to its list, and the organisers by plan', async () => {
    dashboardApi();
    await renderUi(<AdminDashboardPage />, { path: '/profile/admin' });
    const link = async (name: string) => (await screen.findByRole('link', { name })).getAttribute('href');
    expect(await link('12 Events today')).toBe('/profile/admin/events');
    expect(await link('1,234 Events this week')).toBe('/profile/admin/events');
    expect(await link('4 New accounts this week')).toBe('/profile/admin/users?sortField=createdAt&sortDirection=desc');
    expect(await link('2 Reported events')).toBe('/profile/admin/events?sortField=signaledCount&sortDirection=desc');
    expect(await link('12 Organisers')).toBe('/profile/admin/users?type=event-manager');
    const byPlan = screen.getByText('Free trial').closest('dl') as HTMLElement;
    expect(within(byPlan).getByText('Free trial').nextSibling?.textContent).toBe('5');
    expect(within(byPlan).getByText('No plan').nextSibling?.textContent).toBe('0');
  });

  it('lists the reported events with their links, report count, last report and flags', async () => {
    const calls = dashboardApi();
    await renderUi(<AdminDashboardPage />, { path: '/profile/admin' });
    const table = await screen.findByRole('table', { name: 'Reported events' });
    expect(calls.some((call) => call.path === '/connected/admin/moderation?page=1&limit=20')).toBe(true);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Noisy night' }).getAttribute('href')).toBe(
      `/profile/admin/events/${reported[0]!.uuid}`,
    );
    const map = within(first).getByRole('link', { name: 'Open on the map: Noisy night (opens in a new tab)' });
    expect(map.getAttribute('href')).toBe(`/events/${reported[0]!.uuid}`);
    expect(map.getAttribute('target')).toBe('_blank');
    expect(first.textContent).toContain('7');
    // Why: each reason with its count.
    expect(within(first).getByText('Offensive (5)')).toBeTruthy();
    expect(within(first).getByText('No reason given (2)')).toBeTruthy();
    expect(within(second).getByText('Cancelled (2)')).toBeTruthy();
    expect(within(first).getByText(/Mar 2, 2026/)).toBeTruthy();
    expect(within(first).queryByText('Inactive')).toBeNull();
    expect(within(second).getByText('Inactive')).toBeTruthy();
    expect(within(second).getByText('Past')).toBeTruthy();
    // An inactive event cannot be deactivated again.
    expect(within(second).queryByRole('button', { name: /^Deactivate/ })).toBeNull();
  });

  it('validates an event: its reports are cleared and the queue and counts are asked again', async () => {
    let cleared = false;
    const calls = dashboardApi(({ method, path }) => {
      if (method === 'DELETE' && path === '/connected/admin/events/5/signals') {
        cleared = true;
        return { body: { event: testEvent({ id: 5 }) } };
      }
      if (path.startsWith('/connected/admin/moderation') && cleared) return { body: queue(reported.slice(1)) };
      return undefined;
    });
    const { user } = await renderUi(<AdminDashboardPage />, { path: '/profile/admin' });
    await user.click(await screen.findByRole('button', { name: 'Validate Noisy night' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('The reports of “Noisy night” are cleared; the event stays.'),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Noisy night' })).toBeNull());
    expect(calls.filter((call) => call.path === '/connected/admin/dashboard')).toHaveLength(2);
  });

  it('deactivates an event with its whole body and active false', async () => {
    const calls = dashboardApi(({ method, body }) =>
      method === 'PUT' ? { body: { event: { ...reported[0], ...(body as object) } } } : undefined,
    );
    const { user } = await renderUi(<AdminDashboardPage />, { path: '/profile/admin' });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Noisy night' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('“Noisy night” is deactivated: it no longer shows on the map.'),
    );
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/connected/admin/events/5');
    expect(put?.body).toEqual({
      titleFr: 'Soirée bruyante',
      titleEn: 'Noisy night',
      descriptionFr: '',
      descriptionEn: '',
      categoryId: 1,
      address: '1339 rue Sherbrooke O',
      city: 'Montréal',
      zipcode: '',
      state: 'QC',
      country: 'CA',
      latitude: 45.5,
      longitude: -73.6,
      price: '',
      phoneNumber: '',
      website: '',
      externalLink: '',
      images: [],
      dates: [{ startDate: '2099-06-12 19:00:00', endDate: '2099-06-12 21:00:00' }],
      recurring: null,
      active: false,
      creatorId: 7,
    });
  });

  it('shows the API refusal of a deactivation', async () => {
    dashboardApi(({ method }) =>
      method === 'PUT' ? { status: 400, body: { errors: { categoryId: 'Category is required' } } } : undefined,
    );
    const { user } = await renderUi(<AdminDashboardPage />, { path: '/profile/admin' });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Noisy night' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Category is required'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('deletes an event only after the confirmation', async () => {
    const calls = dashboardApi(({ method }) => (method === 'DELETE' ? { status: 204 } : undefined));
    const { user } = await renderUi(<AdminDashboardPage />, { path: '/profile/admin' });
    await user.click(await screen.findByRole('button', { name: 'Delete Noisy night' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this event?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Noisy night' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this event?' });
    expect(dialog.textContent).toContain('“Noisy night” will be removed from the map');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the event' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('“Noisy night” is deleted.'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/connected/admin/events/id/5',
    ]);
  });

  it('pages through a long queue', async () => {
    const calls = mockApi(({ path }) => {
      if (path === '/connected/admin/dashboard') return { body: { counts } };
      if (path === '/connected/admin/source-links') return { body: { links: [] } };
      const page = Number(new URL(path, 'http://x').searchParams.get('page'));
      const event = { ...reported[0]!, id: page, titleEn: `Event of page ${page}` };
      return { body: { events: [event], pagination: { page, limit: 20, totalCount: 41, totalPages: 3 } } };
    });
    const { user } = await renderUi(<AdminDashboardPage />, { path: '/profile/admin' });
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of the moderation queue' });
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Event of page 2' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/connected/admin/moderation?page=2&limit=20')).toBe(true);
  });

  it('speaks French', async () => {
    dashboardApi();
    await renderUi(<AdminDashboardPage />, { path: '/profile/admin', lang: 'fr' });
    expect(await screen.findByRole('heading', { name: 'File de modération' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Événements signalés' });
    expect(within(table).getByRole('link', { name: 'Soirée bruyante' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Valider Soirée bruyante' })).toBeTruthy();
    expect(within(table).getByText('Inactif')).toBeTruthy();
    expect(within(table).getByText(/2 mars 2026/)).toBeTruthy();
    expect(within(table).getByText('Offensant (5)')).toBeTruthy();
    expect(screen.getByRole('link', { name: "12 Événements aujourd'hui" })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^1\s234 Événements cette semaine$/ })).toBeTruthy();
  });
});
