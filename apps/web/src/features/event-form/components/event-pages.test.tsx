// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { testEvent, testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { EventCreatePage } from './event-create-page';
import { EventEditor } from './event-editor';

const categories = [{ id: 1, handle: 'business', titleFr: 'Affaires', titleEn: 'Business' }];
const globals = {
  categories,
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames' },
};

/** One saved card, as GET /connected/me/payment-methods answers. */
const CARDS = {
  paymentMethods: [
    {
      id: 1,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2099,
      isDefault: true,
      createdAt: '2026-01-01T00:00:00Z',
    },
  ],
};

function signIn(overrides: Parameters<typeof testUser>[0] = {}) {
  useSession.setState({ status: 'signed-in', user: testUser(overrides) });
}

afterEach(() => {
  useSession.setState({ status: 'anonymous', user: null });
  // A new event typed and not published is kept as a draft: each test starts without one.
  localStorage.clear();
});

describe('publishing a new event', () => {
  it('asks a confirmation worded for the unit plan, with the total, then sends the event and goes to /profile', async () => {
    signIn({ planType: 'unit', state: 'QC' });
    const calls = mockApi(({ method, path, body }) => {
      if (path === '/public/globals') return { body: globals };
      if (path === '/connected/me/payment-methods') return { body: CARDS };
      if (method === 'POST' && path === '/connected/events') return { body: { event: testEvent(body as object) } };
      return { status: 404, body: { errors: { global: 'Not found' } } };
    });
    const { user, router } = await renderUi(<EventCreatePage />, { path: '/profile/events/create' });
    // The form comes once the page's heading has painted (AfterPaint).
    await user.type(await screen.findByLabelText(/Title \(French\)/), 'Salon des affaires');
    await user.selectOptions(await screen.findByLabelText('Category'), 'Business');
    // No recurrence on the unit plan, and the form says why, with the way to the plans.
    expect(screen.queryByLabelText('Recurrence')).toBeNull();
    expect(screen.getByText(/^No repeating dates \(every week, every month…\) under the unit plan/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compare the plans' }).getAttribute('href')).toBe('/profile/me/plans');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    const dialog = await screen.findByRole('dialog', { name: 'Publish this event?' });
    // Quebec: 5% GST and 9.975% QST on $34.99.
    expect(dialog.textContent).toContain(
      '$40.23, taxes included ($34.99 plus taxes), will be charged for this publication',
    );
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
    await user.type(await screen.findByLabelText(/Title \(French\)/), 'Atelier');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this event?' });
    expect(dialog.textContent).toContain('Publishing is free during your free trial.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('under the unit plan without a card, says so before asking, with the way to the account page', async () => {
    signIn({ planType: 'unit', state: 'QC' });
    const calls = mockApi(({ path }) => {
      if (path === '/public/globals') return { body: globals };
      if (path === '/connected/me/payment-methods') return { body: { paymentMethods: [] } };
      return { status: 404 };
    });
    const { user } = await renderUi(<EventCreatePage />, { path: '/profile/events/create' });
    await user.type(await screen.findByLabelText(/Title \(French\)/), 'Atelier');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const message = await screen.findByRole('alert');
    expect(message.textContent).toContain('Please add a payment method');
    expect(within(message).getByRole('link', { name: 'Go to the account page' }).getAttribute('href')).toBe(
      '/profile/me/account',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows a plan refusal as the form message with a link to the plans, in French', async () => {
    signIn({ planType: 'complete' });
    mockApi(({ method, path }) => {
      if (path === '/public/globals') return { body: globals };
      if (method === 'POST')
        return {
          status: 403,
          body: { errors: { global: 'Aucun forfait sélectionné. Veuillez choisir un forfait pour continuer.' } },
        };
      return { status: 404 };
    });
    const { user } = await renderUi(<EventCreatePage />, { path: '/profile/events/create', lang: 'fr' });
    await user.type(await screen.findByLabelText(/Titre \(français\)/), 'Atelier');
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publier cet événement\u202f?' });
    expect(dialog.textContent).toContain('incluse dans votre forfait complet');
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    const message = await screen.findByRole('alert');
    expect(message.textContent).toContain('Aucun forfait sélectionné');
    // The message sits above the form, far from the button: it takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(within(message).getByRole('link', { name: 'Voir les forfaits' }).getAttribute('href')).toBe(
      '/profile/me/plans',
    );
  });

  it('does not ask the API before the French title is given', async () => {
    signIn();
    const calls = mockApi(({ path }) => (path === '/public/globals' ? { body: globals } : { status: 500 }));
    const { user } = await renderUi(<EventCreatePage />, { path: '/profile/events/create' });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('editing an own event', () => {
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
      if (method === 'PUT') return { body: { event: { ...event, ...(body as object) } } };
      return { status: 404 };
    });
    const { user } = await renderUi(<EventEditor event={event} />);
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

  it('under the unit plan, says a new place is a new charged publication, and sends the confirmation', async () => {
    signIn({ planType: 'unit', billingState: 'ON' });
    const event = testEvent({ id: 7, titleFr: 'Salon' });
    const calls = mockApi(({ method, path, body }) => {
      if (path === '/public/globals') return { body: globals };
      if (path === '/connected/me/payment-methods') return { body: CARDS };
      if (path === `/connected/events/uuid/${event.uuid}`) return { body: { event } };
      if (method === 'PUT') return { body: { event: { ...event, ...(body as object) } } };
      return { status: 404 };
    });
    const { user } = await renderUi(<EventEditor event={event} />);
    // Texts only: the same publication, saved without a question.
    await user.type(await screen.findByLabelText('Title (English)'), 'Fair');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('confirmCharge');

    const city = screen.getByLabelText(/^City/);
    await user.clear(city);
    await user.type(city, 'Laval');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish again?' });
    // Ontario: 13% HST on $34.99.
    expect(dialog.textContent).toContain('$39.54, taxes included ($34.99 plus taxes), will be charged');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Publish again' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toMatchObject({
      city: 'Laval',
      confirmCharge: true,
    });
  });

  it('under the unit plan, stops adding dates at the plan limit and says so', async () => {
    signIn({ planType: 'unit' });
    const dates = Array.from({ length: 9 }, (_, i) => ({
      startDate: `2099-06-${String(10 + i)} 19:00:00`,
      endDate: `2099-06-${String(10 + i)} 21:00:00`,
    }));
    const event = testEvent({ dates });
    mockApi(({ path }) => {
      if (path === '/public/globals') return { body: globals };
      return { status: 404 };
    });
    await renderUi(<EventEditor event={event} />, { lang: 'fr' });
    const add = await screen.findByRole('button', { name: 'Ajouter une date' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Le forfait à l'unité permet au plus 9 dates par événement")).toBeTruthy();
  });

  it('shows a past event read-only with the reason, and no save button', async () => {
    signIn({ planType: 'complete' });
    const event = testEvent({ isPast: true, dates: [{ startDate: '2020-05-01 19:00:00', endDate: null }] });
    mockApi(({ path }) => {
      if (path === '/public/globals') return { body: globals };
      return { status: 404 };
    });
    await renderUi(<EventEditor event={event} />);
    expect(await screen.findByText('This event cannot be modified')).toBeTruthy();
    expect((screen.getByLabelText(/Title \(French\)/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete the event' })).toBeTruthy();
  });
});
