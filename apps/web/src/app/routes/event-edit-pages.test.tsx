// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { testEvent, testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { AdminEventEditPage } from './admin-event-edit-page';
import { EventEditPage } from './event-edit-page';

const globals = {
  categories: [{ id: 1, handle: 'business', titleFr: 'Affaires', titleEn: 'Business' }],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames' },
};

afterEach(() => useSession.setState({ status: 'anonymous', user: null }));

describe("an own event's page", () => {
  const route = '/profile/events/:eventUuid';

  it("names the event in the heading and the delete dialog, in the reader's language", async () => {
    useSession.setState({ status: 'signed-in', user: testUser({ planType: 'complete' }) });
    const event = testEvent({ id: 8, titleFr: 'Salon des métiers', titleEn: 'Trade fair' });
    mockApi(({ path }) => {
      if (path === '/public/globals') return { body: globals };
      if (path === `/connected/events/uuid/${event.uuid}`) return { body: { event } };
      return { status: 404 };
    });
    const { user, unmount } = await renderUi(<EventEditPage />, { path: `/profile/events/${event.uuid}`, route });
    await screen.findByRole('heading', { level: 1, name: 'Edit “Trade fair”' });
    await user.click(screen.getByRole('button', { name: 'Delete the event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this event?' });
    expect(dialog.textContent).toContain('“Trade fair” will be removed');
    unmount();

    await renderUi(<EventEditPage />, { path: `/profile/events/${event.uuid}`, route, lang: 'fr' });
    await screen.findByRole('heading', { level: 1, name: 'Modifier «\u202fSalon des métiers\u202f»' });
  });

  it('opens the tab of the URL, and keeps the chosen tab in the URL', async () => {
    useSession.setState({ status: 'signed-in', user: testUser({ planType: 'complete' }) });
    const event = testEvent({ id: 5 });
    const calls = mockApi(({ path }) => {
      if (path === '/public/globals') return { body: globals };
      if (path === `/connected/events/uuid/${event.uuid}`) return { body: { event } };
      if (path === '/connected/events/5/stats') return { body: { eventStats: [] } };
      return { status: 404 };
    });
    const { user, router } = await renderUi(<EventEditPage />, {
      path: `/profile/events/${event.uuid}?tab=stats`,
      route,
    });
    expect(await screen.findByText(/No statistics yet/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Statistics' }).getAttribute('aria-selected')).toBe('true');
    expect(calls.some((call) => call.path === '/connected/events/5/stats')).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Information' }));
    expect(await screen.findByLabelText(/Title \(French\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete the event' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('sends the user back to /profile when the event cannot be loaded', async () => {
    useSession.setState({ status: 'signed-in', user: testUser() });
    mockApi(({ path }) =>
      path === '/public/globals' ? { body: globals } : { status: 403, body: { errors: { global: 'Forbidden' } } },
    );
    const { router } = await renderUi(<EventEditPage />, { path: '/profile/events/someone-else', route });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});

describe("the administrator's event page", () => {
  const route = '/profile/admin/events/:eventUuid';
  const admin = testUser({ id: 1, isAdmin: true, type: 'viewer', planType: null });

  it('reads the statistics through the admin call', async () => {
    useSession.setState({ status: 'signed-in', user: admin });
    const event = testEvent({ id: 9 });
    const calls = mockApi(({ path }) => {
      if (path === '/public/globals') return { body: globals };
      if (path === `/connected/admin/events/uuid/${event.uuid}`) return { body: { event } };
      if (path === '/connected/admin/events/9/stats') return { body: { eventStats: [] } };
      return { status: 404 };
    });
    await renderUi(<AdminEventEditPage />, { path: `/profile/admin/events/${event.uuid}?tab=stats`, route });
    expect(await screen.findByText(/No statistics yet/)).toBeTruthy();
    expect(calls.some((call) => call.path === '/connected/admin/events/9/stats')).toBe(true);
  });

  it('sends the administrator back to the events list when the event cannot be loaded', async () => {
    useSession.setState({ status: 'signed-in', user: admin });
    mockApi(({ path }) => (path === '/public/globals' ? { body: globals } : { status: 404 }));
    const { router } = await renderUi(<AdminEventEditPage />, {
      path: '/profile/admin/events/00000000-0000-4000-8000-000000000009',
      route,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/admin/events'));
  });
});
