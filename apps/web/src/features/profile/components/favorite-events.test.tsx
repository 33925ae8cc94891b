// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { testEvent, testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { ProfilePage } from './profile-page';

const viewer = () => testUser({ type: 'viewer', planType: null, trialEndedAt: null, name: 'Léa' });

/** A server holding the viewer's favourites; DELETE removes one (or fails when `failDelete`). */
function favoritesServer(initial: ReturnType<typeof testEvent>[], failDelete = false) {
  let favorites = [...initial];
  const calls = mockApi(({ method, path }) => {
    if (method === 'GET' && path === '/connected/events/favorite') return { body: { events: favorites } };
    const removed = /^\/connected\/events\/id\/(\d+)\/favorite$/.exec(path);
    if (method === 'DELETE' && removed) {
      if (failDelete) return { status: 500, body: { errors: { global: 'Boom' } } };
      favorites = favorites.filter((event) => event.id !== Number(removed[1]));
      return { status: 204 };
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
  return calls;
}

const renderProfile = (lang: 'en' | 'fr' = 'en') =>
  renderUi(<ProfilePage />, { lang, path: '/profile', route: '/profile' });

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ status: 'anonymous', user: null });
});

describe('the viewer profile', () => {
  it('asks for the covers of the first two favourites at once and first, the others lazily', async () => {
    useSession.setState({ status: 'signed-in', user: viewer() });
    favoritesServer(
      [1, 2, 3].map((id) =>
        testEvent({
          id,
          titleEn: `Favourite ${id}`,
          handle: `favourite-${id}`,
          images: [
            { imagePath: `events/${id}`, imageUrl: `/uploads/events/${id}/512.jpg`, orderIdx: 0, formats: [100, 512] },
          ],
        }),
      ),
    );
    const { container } = await renderProfile();
    await screen.findByRole('link', { name: 'Favourite 3' });
    const covers = [...container.querySelectorAll('li img')].map((img) => [
      img.getAttribute('loading'),
      img.getAttribute('fetchpriority'),
    ]);
    expect(covers).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', 'auto'],
    ]);
  });

  it('lists the favourite events, each leading to its event on the map, and a way to the map', async () => {
    useSession.setState({ status: 'signed-in', user: viewer() });
    favoritesServer([
      testEvent({ id: 1, titleEn: 'Jazz night', handle: 'jazz-night' }),
      testEvent({
        id: 2,
        titleEn: 'Old fair',
        handle: 'old-fair',
        isPast: true,
        dates: [{ startDate: '2020-05-01 10:00:00', endDate: null }],
      }),
    ]);
    await renderProfile();
    expect(screen.getByRole('heading', { name: 'My favourite events', level: 1 })).toBeTruthy();
    const jazz = await screen.findByRole('link', { name: 'Jazz night' });
    expect(jazz.getAttribute('href')).toBe('/events/jazz-night');
    expect(screen.getByRole('heading', { name: 'Jazz night', level: 2 })).toBeTruthy();
    const fair = screen.getByRole('link', { name: 'Old fair' }).closest('li') as HTMLElement;
    expect(within(fair).getByText('Past event')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Go to the map' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Create an event' })).toBeNull();
  });

  it('removes a favourite with its button and updates the list', async () => {
    useSession.setState({ status: 'signed-in', user: viewer() });
    const calls = favoritesServer([
      testEvent({ id: 1, titleEn: 'Jazz night' }),
      testEvent({ id: 2, titleEn: 'Book fair' }),
    ]);
    const { user, queryClient } = await renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Remove “Jazz night” from my favourites' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Jazz night' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Book fair' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/connected/events/id/1/favorite',
    ]);
    await waitFor(() => expect(queryClient.getQueryData(eventKeys.favorite(1))).toBe(false));
    // The list is read again from the server after the removal.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Remove “Book fair” from my favourites' }));
    expect(await screen.findByText('You have no favourite events yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the map' }).getAttribute('href')).toBe('/');
  });

  it('puts the favourite back when the server refuses to remove it', async () => {
    useSession.setState({ status: 'signed-in', user: viewer() });
    favoritesServer([testEvent({ id: 1, titleEn: 'Jazz night' })], true);
    const { user, queryClient } = await renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Remove “Jazz night” from my favourites' }));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(await screen.findByRole('link', { name: 'Jazz night' })).toBeTruthy();
    expect(queryClient.getQueryData(eventKeys.favorite(1))).toBeUndefined();
  });

  it('shows an empty state in French, leading to the map', async () => {
    useSession.setState({ status: 'signed-in', user: viewer() });
    favoritesServer([]);
    await renderProfile('fr');
    expect(screen.getByRole('heading', { name: 'Mes événements favoris', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Vous n’avez pas encore d’événements favoris.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller à la carte' }).getAttribute('href')).toBe('/');
  });

  it('names the remove button in French', async () => {
    useSession.setState({ status: 'signed-in', user: viewer() });
    favoritesServer([testEvent({ id: 1, titleFr: 'Soirée jazz' })]);
    await renderProfile('fr');
    expect(
      await screen.findByRole('button', { name: 'Retirer «\u202fSoirée jazz\u202f» de mes favoris' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Soirée jazz' })).toBeTruthy();
  });

  it('shows an alert with a retry button when the favourites cannot be loaded', async () => {
    useSession.setState({ status: 'signed-in', user: viewer() });
    mockApi(() => ({ status: 500, body: { errors: { global: 'Boom' } } }));
    await renderProfile();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your favourite events could not be loaded.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
