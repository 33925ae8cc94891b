// @vitest-environment happy-dom
import type { User } from '@evmap/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { testUser } from '@/test/fixtures';
import { testRun, testSource } from '@/test/import-fixtures';
import { mockApi, renderUi } from '@/test/render';
import { CalendarsSection } from './calendars-section';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), show: vi.fn() } }));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const calendar = (overrides = {}) =>
  testSource({
    publishAtOnce: true,
    licence: null,
    attribution: null,
    categoryMapping: {},
    defaultCategoryId: null,
    name: 'Agenda de la salle',
    url: 'https://salle.example.ca/agenda.ics',
    ...overrides,
  });

const render = (user: User = testUser(), lang: 'en' | 'fr' = 'en') =>
  renderUi(<CalendarsSection user={user} />, { lang });

const article = (name: string) => screen.getByRole('article', { name }) as HTMLElement;

describe('an organisation’s calendars', () => {
  it('lists each calendar with its state and last run, in English', async () => {
    const failed = calendar({
      id: 4,
      name: 'Ateliers',
      paused: true,
      schedule: 'hourly',
      lastRun: testRun({ sourceId: 4, status: 'failed', error: 'The feed is truncated', rejections: [] }),
    });
    mockApi(() => ({ body: { sources: [calendar(), failed] } }));
    await render();
    const first = within(await screen.findByRole('article', { name: 'Agenda de la salle' }));
    expect(first.getByText('https://salle.example.ca/agenda.ics')).toBeTruthy();
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getByText('Every day · 4 events')).toBeTruthy();
    expect(first.getByText('3 new · 1 updated · 0 unchanged · 0 removed · 2 rejected')).toBeTruthy();
    const second = within(article('Ateliers'));
    expect(second.getByText('Paused')).toBeTruthy();
    expect(second.getByText('The feed is truncated')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Resume Ateliers' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Connect a calendar' })).toBeTruthy();
  });

  it('lists them in French, and says when there is none', async () => {
    mockApi(() => ({ body: { sources: [calendar()] } }));
    await render(testUser(), 'fr');
    const first = within(await screen.findByRole('article', { name: 'Agenda de la salle' }));
    expect(first.getByText('Tous les jours · 4 événements')).toBeTruthy();
    expect(first.getByText('3 nouveaux · 1 mis à jour · 0 inchangé · 0 retiré · 2 rejetés')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Exécuter Agenda de la salle maintenant' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Mettre Agenda de la salle en pause' })).toBeTruthy();
  });

  it('says there is none yet', async () => {
    mockApi(() => ({ body: { sources: [] } }));
    await render();
    expect(await screen.findByText('No calendar connected yet.')).toBeTruthy();
  });

  it('runs one now, pauses it with the whole calendar, shows its runs, and deletes it after a confirmation', async () => {
    const calls = mockApi(({ method, path }) => {
      if (method === 'GET' && path === '/connected/sources/3/runs') return { body: { runs: [testRun({ id: 11 })] } };
      if (method === 'GET') return { body: { sources: [calendar()] } };
      if (method === 'POST') return { body: { run: testRun({ id: 11 }) } };
      if (method === 'PUT') return { body: { source: calendar({ paused: true }) } };
      return { status: 204 };
    });
    const { user } = await render();
    await screen.findByRole('article', { name: 'Agenda de la salle' });

    await user.click(screen.getByRole('button', { name: 'Run Agenda de la salle now' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        '“Agenda de la salle” ran: 3 new · 1 updated · 0 unchanged · 0 removed · 2 rejected.',
      ),
    );
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/connected/sources/3/runs');

    await user.click(screen.getByRole('button', { name: 'Pause Agenda de la salle' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/connected/sources/3');
    expect(put?.body).toEqual({
      name: 'Agenda de la salle',
      url: 'https://salle.example.ca/agenda.ics',
      schedule: 'daily',
      language: 'fr',
      defaultCategoryId: null,
      paused: true,
    });

    const runsButton = screen.getByRole('button', { name: 'Latest runs' });
    await user.click(runsButton);
    expect(runsButton.getAttribute('aria-expanded')).toBe('true');
    const run = within(await screen.findByRole('article', { name: /^Run of / }));
    expect(run.getByText('uid-9: No start date')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Agenda de la salle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this calendar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Agenda de la salle' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this calendar?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/connected/sources/3'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The calendar “Agenda de la salle” is deleted.'));
  });

  it('tells a free plan why it cannot, with a link to the plans, and asks nothing', async () => {
    const calls = mockApi(() => ({ body: { sources: [] } }));
    await render(testUser({ planType: 'unit', trialEndedAt: null }));
    expect(screen.getByText('Connecting your calendars comes with the trial and the complete plan.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/profile/me/plans');
    expect(screen.queryByRole('form')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('tells it in French once the trial is over', async () => {
    mockApi(() => ({ body: { sources: [] } }));
    await render(testUser({ trialEndedAt: new Date(Date.now() - 86_400_000).toISOString() }), 'fr');
    expect(
      screen.getByText('La connexion de vos calendriers est comprise dans l’essai et le forfait complet.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir les forfaits' })).toBeTruthy();
  });
});

describe('the form connecting a calendar', () => {
  it('checks the fields by the contract’s rules before sending', async () => {
    const calls = mockApi(() => ({ body: { sources: [] } }));
    const { user } = await render();
    await screen.findByText('No calendar connected yet.');
    await user.click(screen.getByRole('button', { name: 'Connect the calendar' }));
    expect(await screen.findByText('The field Calendar name is required')).toBeTruthy();
    expect(screen.getByText('The field Calendar address (iCalendar) is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Calendar address/ }), 'ftp://example.ca/a.ics');
    await user.click(screen.getByRole('button', { name: 'Connect the calendar' }));
    expect(await screen.findByText('The field Calendar address (iCalendar) is not valid')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the calendar, and shows the API’s refusal on its field', async () => {
    let refuse = true;
    const calls = mockApi(({ method }) => {
      if (method === 'GET') return { body: { sources: [] } };
      if (refuse) {
        refuse = false;
        return { status: 400, body: { errors: { url: 'The field url is not valid' } } };
      }
      return { status: 201, body: { source: calendar() } };
    });
    const { user } = await render();
    await screen.findByText('No calendar connected yet.');
    await user.type(screen.getByRole('textbox', { name: 'Calendar name' }), 'Agenda de la salle');
    await user.type(screen.getByRole('textbox', { name: /Calendar address/ }), 'https://salle.example.ca/agenda.ics');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Read it' }), 'hourly');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language of its texts' }), 'en');
    await user.click(screen.getByRole('button', { name: 'Connect the calendar' }));
    expect(await screen.findByText('The field url is not valid')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Agenda de la salle',
      url: 'https://salle.example.ca/agenda.ics',
      schedule: 'hourly',
      language: 'en',
      paused: false,
    });
    await user.click(screen.getByRole('button', { name: 'Connect the calendar' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The calendar “Agenda de la salle” is connected.'));
    expect((screen.getByRole('textbox', { name: 'Calendar name' }) as HTMLInputElement).value).toBe('');
  });
});
