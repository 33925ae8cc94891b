// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { testEvent, testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { AdminEventCreatePage } from './admin-event-create-page';
import { AdminEventEditor } from './admin-event-editor';

const globals = {
  categories: [{ id: 1, handle: 'business', titleFr: 'Affaires', titleEn: 'Business' }],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames' },
};
const organiser = testUser({ id: 12, name: 'Salle Bourgie', email: 'bourgie@example.ca', phoneNumber: '5145550199' });
const admin = testUser({ id: 1, isAdmin: true, type: 'viewer', planType: null, email: 'admin@example.ca' });

afterEach(() => useSession.setState({ status: 'anonymous', user: null }));

describe("the administrator's event form", () => {
  it('creates an event with a creator chosen among non-administrators, copying their phone and website', async () => {
    useSession.setState({ status: 'signed-in', user: admin });
    const calls = mockApi(({ method, path, body }) => {
      if (path === '/public/globals') return { body: globals };
      if (path.startsWith('/connected/admin/users')) {
        return {
          body: {
            users: [admin, { ...organiser, website: 'https://bourgie.ca' }],
            pagination: { page: 1, limit: 20, totalCount: 2, totalPages: 1 },
          },
        };
      }
      if (method === 'POST') return { body: { event: testEvent(body as object) } };
      return { status: 404 };
    });
    const { user, router } = await renderUi(<AdminEventCreatePage />, { path: '/profile/admin/events/create' });
    // The form comes once the page's heading has painted (AfterPaint).
    expect(((await screen.findByLabelText(/Active/)) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('combobox', { name: 'Creator' }));
    await user.type(screen.getByRole('combobox', { name: 'Creator' }), 'bourgie');
    // The server searches (accents and case ignored) once the typing pauses.
    await waitFor(() => expect(calls.some((call) => call.path.includes('search=bourgie'))).toBe(true), {
      timeout: 5000,
    });
    // Mantine hides the list's box without layout; the options are there for the keyboard and the mouse.
    const option = await screen.findByRole('option', { name: 'Salle Bourgie (bourgie@example.ca)', hidden: true });
    expect(screen.queryByRole('option', { name: /admin@example.ca/, hidden: true })).toBeNull();
    await user.click(option);
    await waitFor(() => expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('(514) 555-0199'));
    expect((screen.getByLabelText('Website') as HTMLInputElement).value).toBe('https://bourgie.ca');

    await user.type(screen.getByLabelText(/Title \(French\)/), 'Gala');
    await user.click(screen.getByRole('button', { name: 'Create the event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/admin/events'));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      titleFr: 'Gala',
      active: true,
      creatorId: 12,
      phoneNumber: '5145550199',
      website: 'https://bourgie.ca',
    });
  });

  it('asks for category, address and dates when editing, with coordinates editable', async () => {
    useSession.setState({ status: 'signed-in', user: admin });
    const event = testEvent({ id: 9, categoryId: null, address: null, city: null, signaledCount: 2, active: false });
    const calls = mockApi(({ path }) => {
      if (path === '/public/globals') return { body: globals };
      return { status: 404 };
    });
    const { user } = await renderUi(<AdminEventEditor event={event} />);
    await screen.findByText('Reported 2 times.');
    expect(screen.getByText('This event is inactive.')).toBeTruthy();
    expect(screen.getByLabelText('Latitude')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category is required')).toBeTruthy();
    expect(screen.getByText('Address is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it("keeps the administrator's search when the first list answers late, and finds another creator", async () => {
    useSession.setState({ status: 'signed-in', user: admin });
    const current = testUser({ id: 11, name: 'Théâtre du Nouveau Monde', email: 'tnm@example.ca' });
    const event = testEvent({ id: 9, creatorId: 11, creator: { id: 11, email: current.email } });
    let releaseFirstList = () => {};
    const firstList = new Promise<void>((resolve) => {
      releaseFirstList = resolve;
    });
    const calls = mockApi(async ({ path }) => {
      if (path === '/public/globals') return { body: globals };
      if (path === `/connected/admin/events/uuid/${event.uuid}`) return { body: { event } };
      if (path.startsWith('/connected/admin/users')) {
        const search = new URL(path, 'http://localhost').searchParams.get('search')?.toLowerCase() ?? '';
        // The list without a search (where the current creator is) answers only after the typing.
        if (!search) await firstList;
        const users = [organiser, current].filter((u) => `${u.name} ${u.email}`.toLowerCase().includes(search));
        return { body: { users, pagination: { page: 1, limit: 20, totalCount: users.length, totalPages: 1 } } };
      }
      return { status: 404 };
    });
    const { user } = await renderUi(<AdminEventEditor event={event} />);
    const creator = (await screen.findByRole('combobox', { name: 'Creator' })) as HTMLInputElement;
    expect(creator.value).toBe('tnm@example.ca');
    await user.clear(creator);
    await user.type(creator, 'Bourgie');
    releaseFirstList();
    await waitFor(() => expect(calls.some((call) => call.path.includes('search=Bourgie'))).toBe(true), {
      timeout: 5000,
    });
    const option = await screen.findByRole('option', { name: 'Salle Bourgie (bourgie@example.ca)', hidden: true });
    // The late answer relabelled neither the chosen creator nor the search box.
    expect(creator.value).toBe('Bourgie');
    await user.click(option);
    await waitFor(() => expect(creator.value).toBe('Salle Bourgie (bourgie@example.ca)'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(creator.value).toBe('Salle Bourgie (bourgie@example.ca)');
    expect(calls.filter((call) => call.path.includes('search=Salle')).length).toBe(0);
  });

  it('shows a deleted event read-only, without delete, in French', async () => {
    useSession.setState({ status: 'signed-in', user: admin });
    const event = testEvent({ deletedAt: '2026-01-01T00:00:00Z' });
    mockApi(({ path }) => {
      if (path === '/public/globals') return { body: globals };
      return { status: 404 };
    });
    await renderUi(<AdminEventEditor event={event} />, { lang: 'fr' });
    const notice = await screen.findByText('Cet événement est supprimé.');
    expect(within(notice.closest('[role]') ?? document.body).queryByRole('button')).toBeNull();
    expect((screen.getByLabelText(/Titre \(français\)/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: "Supprimer l'événement" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });
});
