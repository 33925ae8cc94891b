// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testEvent } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { AdminEventsPage } from './admin-events-page';

type Call = { method: string; path: string };

/** Answers the admin list with `events` and a total of `totalCount` events (100 a page). */
function adminList(events: ReturnType<typeof testEvent>[], totalCount = events.length) {
  return mockApi(({ method, path }) => {
    if (method === 'GET' && path.startsWith('/connected/admin/events?')) {
      const page = Number(new URL(path, 'http://x').searchParams.get('page'));
      return {
        body: { events, pagination: { page, limit: 100, totalCount, totalPages: Math.ceil(totalCount / 100) } },
      };
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

/** The query of the latest list request. */
const lastQuery = (calls: Call[]) => Object.fromEntries(new URL(calls.at(-1)?.path ?? '', 'http://x').searchParams);

const renderPage = (lang: 'en' | 'fr' = 'en', path = '/profile/admin/events') =>
  renderUi(<AdminEventsPage />, { lang, path, route: '/profile/admin/events' });

afterEach(() => vi.unstubAllGlobals());

describe('the admin events table', () => {
  it('asks for 100 events sorted by id descending, shows the total and links each title to its edit page', async () => {
    const calls = adminList([testEvent({ id: 12, titleFr: 'Jazz au parc' }), testEvent({ id: 11 })], 1234);
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Events', level: 1 })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Jazz au parc' });
    expect(link.getAttribute('href')).toBe('/profile/admin/events/00000000-0000-4000-8000-000000000012');
    expect(lastQuery(calls)).toEqual({ page: '1', limit: '100', sortField: 'id', sortDirection: 'desc' });
    expect(screen.getByText('1,234 events')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Events (sorted by ID, descending)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New event' }).getAttribute('href')).toBe('/profile/admin/events/create');
    // 1,234 events: 13 pages, the first ones and the last shown.
    const nav = screen.getByRole('navigation', { name: 'Pages of the events' });
    expect(within(nav).getByRole('button', { name: 'Page 13' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('sorts by a header click through the URL: ascending, descending, then back to id descending', async () => {
    const calls = adminList([testEvent({ id: 1 })], 150);
    const { user, router } = await renderPage('en', '/profile/admin/events?page=2');
    await screen.findByRole('link', { name: 'Événement 1' });
    const header = () => screen.getByRole('columnheader', { name: /^Title/ });

    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sortField: 'titleFr', sortDirection: 'asc' }));
    expect(router.state.location.search).toBe('?sortField=titleFr&sortDirection=asc');
    expect(lastQuery(calls).page).toBe('1');
    expect(header().getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sortField: 'titleFr', sortDirection: 'desc' }));
    expect(header().getAttribute('aria-sort')).toBe('descending');

    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sortField: 'id', sortDirection: 'desc' }));
    expect(router.state.location.search).toBe('');
    expect(header().getAttribute('aria-sort')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /^ID/ }).getAttribute('aria-sort')).toBe('descending');

    // The organiser's email is not a sort field of the API: its header is no button.
    expect(screen.queryByRole('button', { name: 'Organiser' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Last date' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sortField: 'lastEndsAt', sortDirection: 'asc' }));
  });

  it('searches after typing pauses, from page 1, and pages through the results', async () => {
    const calls = adminList([testEvent({ id: 1 })], 250);
    const { user, router } = await renderPage('en', '/profile/admin/events?page=2');
    await screen.findByRole('link', { name: 'Événement 1' });
    expect(lastQuery(calls).page).toBe('2');

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'Montreal');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'Montreal', page: '1' }));
    // One request for the whole word, not one per letter.
    expect(calls.filter((call) => call.path.includes('search=')).length).toBe(1);
    expect(router.state.location.search).toBe('?search=Montreal');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'Montreal', page: '3' }));
    expect(router.state.location.search).toBe('?search=Montreal&page=3');
  });

  it('shows the flags of each row: deleted (highlighted), inactive, reported with the count, past', async () => {
    adminList([
      testEvent({ id: 3, titleFr: 'Supprimé', deletedAt: '2026-01-01T00:00:00.000Z', active: false }),
      testEvent({ id: 2, titleFr: 'Signalé', signaledCount: 3, eventStatCount: { viewCount: 4321 } }),
      testEvent({
        id: 1,
        titleFr: 'Ancien',
        isPast: true,
        creator: { id: 7, email: 'salle@example.ca' },
        dates: [
          { startDate: '2020-01-10 20:00:00', endDate: null },
          { startDate: '2020-02-10 20:00:00', endDate: '2020-02-11 01:00:00' },
        ],
      }),
    ]);
    await renderPage();
    const row = async (title: string) =>
      (await screen.findByRole('link', { name: title })).closest('tr') as HTMLElement;

    const deleted = await row('Supprimé');
    expect(within(deleted).getByText('Deleted')).toBeTruthy();
    expect(within(deleted).getByText('Inactive')).toBeTruthy();
    expect(within(deleted).getByText('No')).toBeTruthy();
    expect(deleted.className).toMatch(/highlighted/);

    const reported = await row('Signalé');
    expect(within(reported).getByText('Reported 3 times')).toBeTruthy();
    expect(within(reported).getByText('4,321')).toBeTruthy();
    expect(within(reported).getByText('Yes')).toBeTruthy();
    expect(within(reported).queryByText('Deleted')).toBeNull();
    expect(reported.className).not.toMatch(/highlighted/);

    const past = await row('Ancien');
    expect(within(past).getByText('Past')).toBeTruthy();
    expect(within(past).getByText('Feb 11, 2020')).toBeTruthy();
    // The address in its cell, whole (EmailText only adds break opportunities).
    expect(within(past).getByText('salle@example.ca').tagName).toBe('TD');
  });

  it('speaks French: headers, total and flags', async () => {
    adminList([testEvent({ id: 1, signaledCount: 1 })], 1234);
    await renderPage('fr');
    await screen.findByRole('link', { name: 'Événement 1' });
    expect(screen.getByRole('heading', { name: 'Événements', level: 1 })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'ID',
      'Titre',
      'Ville',
      'Province',
      'Organisateur',
      'Dernière date',
      'Vues',
      'Signalements',
      'Actif',
      'Modifié le',
    ]);
    expect(screen.getByText(/^1\s234 événements$/)).toBeTruthy();
    expect(screen.getByText('Signalé une fois')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Rechercher des événements' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages des événements' })).toBeTruthy();
  });

  it('cancels a request that a newer search made useless, keeping the rows shown until the answer', async () => {
    const signals: Array<{ path: string; signal: AbortSignal }> = [];
    const page = (title: string) => ({
      events: [testEvent({ id: 1, titleFr: title })],
      pagination: { page: 1, limit: 100, totalCount: 1, totalPages: 1 },
    });
    let answerLast: (() => void) | undefined;
    vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
      const path = new URL(input, 'http://x').search;
      signals.push({ path, signal: init.signal as AbortSignal });
      const answer = () => new Response(JSON.stringify(page(path.includes('search=') ? 'Found' : 'First')));
      if (signals.length === 1) return Promise.resolve(answer());
      // Later requests wait: the first search never answers, the second answers when told.
      return new Promise((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        answerLast = () => resolve(answer());
      });
    });
    const { user } = await renderPage();
    await screen.findByRole('link', { name: 'First' });

    const box = screen.getByRole('searchbox', { name: 'Search events' });
    await user.type(box, 'jaz');
    await waitFor(() => expect(signals).toHaveLength(2));
    await user.type(box, 'z');
    await waitFor(() => expect(signals).toHaveLength(3));
    expect(signals[1]?.path).toContain('search=jaz&');
    expect(signals[1]?.signal.aborted).toBe(true);
    expect(signals[2]?.signal.aborted).toBe(false);
    // The previous rows stay, marked busy, while the search runs.
    expect(screen.getByRole('link', { name: 'First' })).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');

    answerLast?.();
    expect(await screen.findByRole('link', { name: 'Found' })).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
  });

  it('says when no event matches, and offers a retry when the list cannot be loaded', async () => {
    adminList([]);
    const first = await renderPage('en', '/profile/admin/events?search=nothing');
    expect(await screen.findByText('No event matches this search.')).toBeTruthy();
    expect(screen.getByText('0 events')).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();

    mockApi(() => ({ status: 500, body: { errors: { global: 'Boom' } } }));
    await renderPage();
    expect(await screen.findByText('The events could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
