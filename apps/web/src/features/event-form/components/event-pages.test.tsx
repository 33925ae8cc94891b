// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { testEvent, testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { EventCreatePage } from './event-create-page';
import { EventEditPage } from './event-edit-page';

const categories = [{ id: 1, handle: 'business', titleFr: 'Affaires', titleEn: 'Business' }];
const globals = { categories, map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' } };

function signIn(overrides: Parameters<typeof testUser>[0] = {}) {
  useSession.setState({ status: 'signed-in', user: testUser(overrides) });
}

afterEach(() => useSession.setState({ status: 'anonymous', user: null }));

describe('publishing a new event', () => {
  it('asks a confirmation worded for the unit plan, then sends the event and goes to /profile', async () => {
    signIn({ planType: 'unit' });
    const calls = mockApi(({ method, path, body }) => {
      if (path === '/public/globals') return { body: globals };
      if (method === 'POST' && path === '/connected/events') return { body: { event: testEvent(body as object) } };
      return { status: 404, body: { errors: { global: 'Not found' } } };
    });
    const { user, router } = await renderUi(<EventCreatePage />, { path: '/profile/events/create' });
    await user.type(screen.getByLabelText(/Title \(French\)/), 'Salon des affaires');
    await user.selectOptions(await screen.findByLabelText('Category'), 'Business');
    // No recurrence on the unit plan.
    expect(screen.queryByLabelText('Recurrence')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    const dialog = await screen.findByRole('dialog', { name: 'Publish this event?' });
    expect(dialog.textContent).toContain('$34.99 + tax will be charged for this publication');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      titleFr: 'Salon des affaires',
      categoryId: 1,
      state: 'QC',
      country: 'CA',
      images: [],
      recurring: 'none',
    });
    expect((post?.body as { dates?: unknown[] } | undefined)?.dates).toHaveLength(1);
  });

  it('cancelling the confirmation sends nothing', async () => {
    signIn({ planType: 'trial' });
    const calls = mockApi(({ path }) => (path === '/public/globals' ? { body: globals } : { status: 500 }));
    const { user } = await renderUi(<EventCreatePage />, { path: '/profile/events/create' });
    await user.type(screen.getByLabelText(/Title \(French\)/), 'Atelier');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this event?' });
    expect(dialog.textContent).toContain('Publishing is free during your free trial.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows a plan refusal as the form message with a link to the plans, in French', async () => {
    signIn({ planType: 'complete' });
    mockApi(({ method, path }) => {
      if (path === '/public/globals') return { body: globals };
      if (method === 'POST')
        return { status: 403, body: { errors: { global: 'Veuillez ajouter un moyen de paiement' } } };
      return { status: 404 };
    });
    const { user } = await renderUi(<EventCreatePage />, { path: '/profile/events/create', lang: 'fr' });
    await user.type(screen.getByLabelText(/Titre \(français\)/), 'Atelier');
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publier cet événement?' });
    expect(dialog.textContent).toContain('incluse dans votre forfait complet');
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    const message = await screen.findByRole('alert');
    expect(message.textContent).toContain('Veuillez ajouter un moyen de paiement');
    expect(within(message).getByRole('link', { name: 'Voir les forfaits' }).getAttribute('href')).toBe(
      '/profile/me/plans',
    );
  });

  it('does not ask the API before the French title is given', async () => {
    signIn();
    const calls = mockApi(({ path }) => (path === '/public/globals' ? { body: globals } : { status: 500 }));
    const { user } = await renderUi(<EventCreatePage />, { path: '/profile/events/create' });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('editing an own event', () => {
  const route = '/profile/events/:eventUuid';

  it('fills the form from the event and saves it with PUT', async () => {
    signIn({ planType: 'complete' });
    const event = testEvent({
      id: 5,
      titleFr: 'Concert',
      titleEn: 'Concert',
      dates: [{ startDate: '2099-05-01 19:00:00', endDate: '2099-05-01 21:00:00' }],
    });
    const calls = mockApi(({ method, path, body }) => {
      if (path === '/public/globals') return { body: globals };
      if (path === `/connected/events/uuid/${event.uuid}`) return { body: { event } };
      if (method === 'PUT') return { body: { event: { ...event, ...(body as object) } } };
      return { status: 404 };
    });
    const { user } = await renderUi(<EventEditPage />, { path: `/profile/events/${event.uuid}`, route });
    const english = (await screen.findByLabelText('Title (English)')) as HTMLInputElement;
    expect(english.value).toBe('');
    await user.type(english, 'Concert night');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/connected/events/5');
    expect(put?.body).toMatchObject({
      titleFr: 'Concert',
      titleEn: 'Concert night',
      dates: [{ startDate: '2099-05-01 19:00:00', endDate: '2099-05-01 21:00:00' }],
    });
  });

  it('shows a past event read-only with the reason, and no save button', async () => {
    signIn({ planType: 'complete' });
    const event = testEvent({ isPast: true, dates: [{ startDate: '2020-05-01 19:00:00', endDate: null }] });
    mockApi(({ path }) => {
      if (path === '/public/globals') return { body: globals };
      if (path.startsWith('/connected/events/uuid/')) return { body: { event } };
      return { status: 404 };
    });
    await renderUi(<EventEditPage />, { path: `/profile/events/${event.uuid}`, route });
    expect(await screen.findByText('This event cannot be modified')).toBeTruthy();
    expect((screen.getByLabelText(/Title \(French\)/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete the event' })).toBeTruthy();
  });

  it('sends the user back to /profile when the event cannot be loaded', async () => {
    signIn();
    mockApi(({ path }) =>
      path === '/public/globals' ? { body: globals } : { status: 403, body: { errors: { global: 'Forbidden' } } },
    );
    const { router } = await renderUi(<EventEditPage />, { path: '/profile/events/someone-else', route });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
