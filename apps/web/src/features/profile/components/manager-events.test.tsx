// @vitest-environment happy-dom
import type { User } from '@evmap/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session';
import { testEvent, testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { ProfilePage } from './profile-page';

const DAY = 86_400_000;

function signIn(overrides: Partial<User> = {}) {
  useSession.setState({ status: 'signed-in', user: testUser(overrides) });
}

/** Answers the own events with `events` (and their week's views); any other call fails the test. */
function ownEvents(
  events: ReturnType<typeof testEvent>[],
  views: Array<{ eventId: number; lastSevenDays: number }> = [],
) {
  return mockApi(({ method, path }) => {
    if (method === 'GET' && path === '/connected/events') return { body: { events } };
    if (method === 'GET' && path === '/connected/events/views') return { body: { views } };
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

const renderProfile = (lang: 'en' | 'fr' = 'en') =>
  renderUi(<ProfilePage />, { lang, path: '/profile', route: '/profile' });

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ status: 'anonymous', user: null });
});

describe('the event-manager profile', () => {
  it('shows every card of a long list of events (added in slices after the first ones)', async () => {
    signIn();
    const titles = Array.from({ length: 40 }, (_, i) => `Event ${String(i + 1).padStart(2, '0')}`);
    ownEvents(
      titles.map((titleEn, i) =>
        testEvent({
          id: i + 1,
          titleEn,
          dates: [{ startDate: `2099-08-${String((i % 28) + 1).padStart(2, '0')} 19:00:00`, endDate: null }],
        }),
      ),
    );
    await renderProfile();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    await waitFor(() => expect(within(upcoming).getAllByRole('listitem')).toHaveLength(40), { timeout: 5000 });
    for (const title of titles) expect(within(upcoming).getByRole('link', { name: title })).toBeTruthy();
  });

  it('asks for the covers of the first two cards at once and first, the others lazily', async () => {
    signIn();
    const cover = (n: number) => [
      { imagePath: `events/${n}`, imageUrl: `/uploads/events/${n}/512.jpg`, orderIdx: 0, formats: [100, 512] },
    ];
    ownEvents(
      [1, 2, 3].map((id) =>
        testEvent({
          id,
          titleEn: `Event ${id}`,
          images: cover(id),
          dates: [{ startDate: `2099-08-0${id} 19:00:00`, endDate: null }],
        }),
      ),
    );
    const { container } = await renderProfile();
    await screen.findByRole('link', { name: 'Event 3' });
    const covers = [...container.querySelectorAll('li img')].map((img) => [
      img.getAttribute('src'),
      img.getAttribute('loading'),
      img.getAttribute('fetchpriority'),
    ]);
    expect(covers).toEqual([
      ['/uploads/events/1/512.jpg', 'eager', 'high'],
      ['/uploads/events/2/512.jpg', 'eager', 'high'],
      ['/uploads/events/3/512.jpg', 'lazy', 'auto'],
    ]);
  });

  it("shows each event's status, its views of the last 7 days and its quick actions", async () => {
    signIn();
    ownEvents(
      [
        testEvent({ id: 1, titleEn: 'On the map', dates: [{ startDate: '2099-08-01 19:00:00', endDate: null }] }),
        testEvent({ id: 2, titleEn: 'Nowhere', latitude: null, longitude: null, dates: [] }),
        testEvent({
          id: 3,
          titleEn: 'Long ago',
          isPast: true,
          dates: [{ startDate: '2020-01-10 20:00:00', endDate: null }],
        }),
      ],
      [{ eventId: 1, lastSevenDays: 42 }],
    );
    const { user } = await renderProfile();
    const card = async (title: string) =>
      (await screen.findByRole('link', { name: title })).closest('li') as HTMLElement;

    const onMap = await card('On the map');
    expect(within(onMap).getByText('On the map', { selector: '[data-status]' })).toBeTruthy();
    expect(await within(onMap).findByText('42 views in the last 7 days')).toBeTruthy();
    const actions = within(onMap).getByRole('group', { name: 'Actions for “On the map”' });
    expect(within(actions).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/profile/events/00000000-0000-4000-8000-000000000001',
    );
    expect(within(actions).getByRole('link', { name: 'Statistics' }).getAttribute('href')).toBe(
      '/profile/events/00000000-0000-4000-8000-000000000001?tab=stats',
    );
    await user.click(within(actions).getByRole('button', { name: 'Copy the link' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/events/event-1`);

    const nowhere = await card('Nowhere');
    expect(within(nowhere).getByText('Not on the map: add a place and a date')).toBeTruthy();
    expect(within(nowhere).getByText('0 views in the last 7 days')).toBeTruthy();
    expect(within(await card('Long ago')).getByText('Past event')).toBeTruthy();
  });

  it('splits the own events into upcoming and passed, with their notices and edit links', async () => {
    signIn();
    ownEvents([
      testEvent({
        id: 1,
        titleEn: 'Jazz night',
        isPast: true,
        dates: [{ startDate: '2020-01-10 20:00:00', endDate: null }],
      }),
      testEvent({ id: 2, titleEn: 'Later concert', dates: [{ startDate: '2099-08-01 19:00:00', endDate: null }] }),
      testEvent({ id: 3, titleEn: 'Reported fair', signaledCount: 2, active: false }),
      testEvent({ id: 4, titleEn: 'Undated', isPast: true, dates: [] }),
    ]);
    await renderProfile();

    expect(screen.getByRole('heading', { name: 'My events', level: 1 })).toBeTruthy();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const passed = screen.getByRole('region', { name: 'Passed' });

    const titles = (section: HTMLElement) =>
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    expect(titles(upcoming)).toEqual(['Reported fair', 'Later concert']);
    expect(titles(passed)).toEqual(['Jazz night', 'Undated']);

    const fair = within(upcoming).getByRole('link', { name: 'Reported fair' });
    expect(fair.getAttribute('href')).toBe('/profile/events/00000000-0000-4000-8000-000000000003');
    const fairCard = fair.closest('li') as HTMLElement;
    expect(within(fairCard).getByText('Inactive: deactivated by an administrator')).toBeTruthy();
    expect(within(fairCard).getByText('Reported 2 times')).toBeTruthy();
    expect(within(fairCard).queryByText('Past event')).toBeNull();
    expect(within(fairCard).getByText(/2099/)).toBeTruthy();

    const jazzCard = within(passed).getByRole('link', { name: 'Jazz night' }).closest('li') as HTMLElement;
    expect(within(jazzCard).getByText('Past event')).toBeTruthy();
    expect(within(jazzCard).getByText(/2020/)).toBeTruthy();
    const undatedCard = within(passed).getByRole('link', { name: 'Undated' }).closest('li') as HTMLElement;
    expect(within(undatedCard).getByText('No date yet')).toBeTruthy();

    // Besides the feed addresses of "Your calendar feed".
    const feed = screen.getByRole('region', { name: 'Your calendar feed' });
    expect(screen.getAllByRole('listitem').filter((item) => !feed.contains(item))).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Create an event' }).getAttribute('href')).toBe('/profile/events/create');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists at most three upcoming dates of a recurring event, with a mention of the others', async () => {
    signIn();
    const dates = ['2099-01-01', '2099-01-08', '2099-01-15', '2099-01-22'].map((day) => ({
      startDate: `${day} 10:00:00`,
      endDate: `${day} 11:00:00`,
    }));
    ownEvents([testEvent({ id: 5, titleEn: 'Weekly yoga', dates, recurring: 'weekly' })]);
    await renderProfile();
    const card = (await screen.findByRole('link', { name: 'Weekly yoga' })).closest('li') as HTMLElement;
    expect(within(card).getAllByText(/2099/)).toHaveLength(3);
    expect(within(card).getByText('and more dates')).toBeTruthy();
  });

  it('shows an empty state leading to the create button, and an active trial opens no popup', async () => {
    signIn({ planType: 'trial', trialEndedAt: new Date(Date.now() + 10 * DAY).toISOString() });
    ownEvents([]);
    const { user, router } = await renderProfile();
    expect(await screen.findByText('You have not created any event yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Upcoming' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Create an event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/events/create'));
  });

  it('asks a canceled plan to select a plan, on opening and again on create, with a link to the plans', async () => {
    signIn({ planType: 'canceled' });
    ownEvents([testEvent({ id: 1, titleEn: 'Old show' })]);
    const { user, router } = await renderProfile();
    const dialog = await screen.findByRole('dialog', { name: 'Select a plan first' });
    expect(within(dialog).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/profile/me/plans');

    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('link', { name: 'Create an event' }));
    expect(await screen.findByRole('dialog', { name: 'Select a plan first' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');

    await user.click(screen.getByRole('link', { name: 'See the plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/me/plans'));
  });

  it('asks an event-manager without any plan to select one', async () => {
    signIn({ planType: null, trialEndedAt: null });
    ownEvents([]);
    await renderProfile();
    expect(await screen.findByRole('dialog', { name: 'Select a plan first' })).toBeTruthy();
  });

  it('tells an ended trial that it is finished; the popup can be closed', async () => {
    signIn({ planType: 'trial', trialEndedAt: new Date(Date.now() - DAY).toISOString() });
    ownEvents([]);
    const { user } = await renderProfile();
    const dialog = await screen.findByRole('dialog', { name: 'Your trial is finished' });
    expect(
      within(dialog).getByText('Your free trial has ended. Select a plan to keep publishing events.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/profile/me/plans');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('speaks French: sections, notices, empty state and popup', async () => {
    signIn({ planType: 'trial', trialEndedAt: new Date(Date.now() - DAY).toISOString() });
    ownEvents([
      testEvent({
        id: 1,
        titleFr: 'Soirée jazz',
        isPast: true,
        dates: [{ startDate: '2020-01-10 20:00:00', endDate: null }],
      }),
      testEvent({ id: 2, titleFr: 'Foire signalée', signaledCount: 3 }),
    ]);
    const { user } = await renderProfile('fr');
    const dialog = await screen.findByRole('dialog', { name: 'Votre essai est terminé' });
    expect(within(dialog).getByRole('link', { name: 'Voir les forfaits' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Plus tard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Mes événements', level: 1 })).toBeTruthy();
    const upcoming = await screen.findByRole('region', { name: 'À venir' });
    expect(within(upcoming).getByRole('link', { name: 'Foire signalée' })).toBeTruthy();
    expect(within(upcoming).getByText('Signalé 3 fois')).toBeTruthy();
    const passed = screen.getByRole('region', { name: 'Passés' });
    expect(within(passed).getByText('Événement passé')).toBeTruthy();
    expect(within(passed).getByText(/janv\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Créer un événement' })).toBeTruthy();
  });

  it('shows a loader, then an alert with a retry button when the list fails', async () => {
    signIn();
    let fail = true;
    mockApi(() => (fail ? { status: 500, body: { errors: { global: 'Boom' } } } : { body: { events: [] } }));
    const { user } = await renderProfile();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your events could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not created any event yet.')).toBeTruthy();
  });

  it('says on each card what keeps an event off the map, in both languages (issue 27, item 2)', async () => {
    signIn();
    const dates = [{ startDate: '2099-08-01 19:00:00', endDate: null }];
    ownEvents([
      testEvent({ id: 1, titleEn: 'Only a title', latitude: null, longitude: null, dates: [] }),
      testEvent({ id: 2, titleEn: 'No place', latitude: null, longitude: null, dates }),
      testEvent({ id: 3, titleEn: 'On the map', latitude: 45.5, longitude: -73.6, dates }),
    ]);
    const { unmount } = await renderProfile();
    const card = (title: string) => screen.getByRole('link', { name: title }).closest('li') as HTMLElement;
    await screen.findByRole('link', { name: 'Only a title' });
    expect(within(card('Only a title')).getByText('Not on the map: add a place and a date')).toBeTruthy();
    expect(within(card('No place')).getByText('Not on the map: add a place')).toBeTruthy();
    expect(within(card('On the map')).queryByText(/Not on the map/)).toBeNull();
    unmount();
    await renderProfile('fr');
    const titled = await screen.findAllByText('Absent de la carte : ajoutez un lieu et une date');
    expect(titled).toHaveLength(1);
  });
});
