// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { testRun, testSource } from '@/test/import-fixtures';
import { mockApi, renderUi } from '@/test/render';
import { ImportSourcesPage } from './import-sources-page';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), show: vi.fn() } }));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const sources = () => [
  testSource(),
  testSource({
    id: 5,
    name: 'Événements publics',
    kind: 'montreal-csv',
    schedule: 'hourly',
    paused: true,
    eventCount: 1,
    lastRun: testRun({
      id: 9,
      sourceId: 5,
      status: 'failed',
      error: 'The feed is truncated',
      counts: { created: 0, updated: 0, unchanged: 0, removed: 0, rejected: 0, linked: 0 },
      rejections: [],
    }),
  }),
  testSource({ id: 6, name: 'Nouveau', lastRun: null, eventCount: 0 }),
];

const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;
const render = (lang: 'en' | 'fr' = 'en') =>
  renderUi(<ImportSourcesPage />, { lang, path: '/profile/admin/sources', route: '/profile/admin/sources' });

describe('the sources list', () => {
  it('lists each source with its kind, schedule, state and last run, in English', async () => {
    mockApi(() => ({ body: { sources: sources() } }));
    await render();
    expect(screen.getByRole('heading', { name: 'Sources', level: 1 })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Maison de la culture' })).getAttribute('href')).toBe(
      '/profile/admin/sources/3',
    );
    expect(screen.getByRole('link', { name: 'New source' }).getAttribute('href')).toBe('/profile/admin/sources/create');
    const first = within(row('Maison de la culture'));
    expect(first.getByText('iCalendar (.ics)')).toBeTruthy();
    expect(first.getByText('Every day')).toBeTruthy();
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getByText('4 events')).toBeTruthy();
    expect(first.getByText('Succeeded')).toBeTruthy();
    expect(first.getByText('3 new · 1 updated · 0 unchanged · 0 removed · 2 rejected')).toBeTruthy();
    const second = within(row('Événements publics'));
    expect(second.getByText('Paused')).toBeTruthy();
    expect(second.getByText('Every hour')).toBeTruthy();
    expect(second.getByText('The feed is truncated')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Resume Événements publics' })).toBeTruthy();
    expect(within(row('Nouveau')).getByText('Never run')).toBeTruthy();
  });

  it('lists them in French', async () => {
    mockApi(() => ({ body: { sources: sources() } }));
    await render('fr');
    await screen.findByRole('link', { name: 'Maison de la culture' });
    const first = within(row('Maison de la culture'));
    expect(first.getByText('Tous les jours')).toBeTruthy();
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getByText('3 nouveaux · 1 mis à jour · 0 inchangé · 0 retiré · 2 rejetés')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Exécuter Maison de la culture maintenant' })).toBeTruthy();
    expect(within(row('Événements publics')).getByText('En pause')).toBeTruthy();
    expect(within(row('Nouveau')).getByText('Jamais exécutée')).toBeTruthy();
  });

  it('runs a source now, pauses one with the whole source, and deletes one after a confirmation', async () => {
    const calls = mockApi(({ method }) => {
      if (method === 'GET') return { body: { sources: sources() } };
      if (method === 'POST') return { body: { run: testRun({ id: 11 }) } };
      if (method === 'PUT') return { body: { source: testSource({ paused: true }) } };
      return { status: 204 };
    });
    const { user } = await render();
    await screen.findByRole('link', { name: 'Maison de la culture' });

    await user.click(screen.getByRole('button', { name: 'Run Maison de la culture now' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/connected/admin/sources/3/runs');

    await user.click(screen.getByRole('button', { name: 'Pause Maison de la culture' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/connected/admin/sources/3');
    expect(put?.body).toMatchObject({ name: 'Maison de la culture', ownerId: 7, paused: true });

    await user.click(screen.getByRole('button', { name: 'Delete Nouveau' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this source?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Nouveau' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this source?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/connected/admin/sources/6');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The source “Nouveau” is deleted.'));
  });

  it('shows a run under way as such', async () => {
    mockApi(() => ({ body: { sources: [testSource({ lastRun: testRun({ status: 'running', finishedAt: null }) })] } }));
    await render();
    await screen.findByRole('link', { name: 'Maison de la culture' });
    expect(within(row('Maison de la culture')).getByText('Running')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run Maison de la culture now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
