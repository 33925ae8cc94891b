// @vitest-environment happy-dom
/**
 * Issue 27: what keeps an event off the map (item 2), unsaved changes and the draft (item 4), focus and
 * the form's section links (item 10).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session';
import { testEvent, testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { draftKey, readDraft } from '../utils/event-draft';
import { EventCreatePage } from './event-create-page';

const globals = {
  categories: [{ id: 1, handle: 'business', titleFr: 'Affaires', titleEn: 'Business' }],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames', geocoder: 'builtin', streetAddresses: false },
};

function signIn() {
  const user = testUser({ planType: 'trial' });
  useSession.setState({ status: 'signed-in', user });
  return user;
}

function api() {
  return mockApi(({ method, path, body }) => {
    if (path === '/public/globals') return { body: globals };
    if (method === 'POST' && path === '/connected/events') return { body: { event: testEvent(body as object) } };
    return { status: 404, body: { errors: { global: 'Not found' } } };
  });
}

/**
 * The new event page, once its form and fields have come (the form follows the page's heading: AfterPaint; its
 * fields follow the form, once it is set up: event-form.tsx).
 */
async function renderCreate(lang: 'en' | 'fr' = 'en') {
  const rendered = await renderUi(<EventCreatePage />, {
    path: '/profile/events/create',
    route: '/profile/events/create',
    lang,
  });
  const form = await screen.findByRole('form', { name: lang === 'fr' ? 'Événement' : 'Event' });
  await within(form).findAllByRole('region');
  return rendered;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ status: 'anonymous', user: null });
  localStorage.clear();
});

describe('what keeps an event off the map (item 2)', () => {
  it('is said before publishing, and goes once the event has a place', async () => {
    signIn();
    api();
    await renderCreate();
    // A new event has a date (tomorrow) but no place yet.
    expect(await screen.findByText('Not on the map: add a place')).toBeTruthy();
    expect(screen.getByText(/it appears on the map once it has a place on the map and a date/)).toBeTruthy();
    // The pin placed with the keyboard: the notice goes.
    const { user } = { user: userEvent.setup() };
    screen.getByRole('application').focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.queryByText('Not on the map: add a place')).toBeNull());
  });

  it('is said in French', async () => {
    signIn();
    api();
    await renderCreate('fr');
    expect(await screen.findByText('Absent de la carte : ajoutez un lieu')).toBeTruthy();
  });
});

describe('unsaved changes and the draft (item 4)', () => {
  it('asks before leaving a form with changes; staying keeps them, leaving goes', async () => {
    signIn();
    api();
    const { user, router } = await renderCreate();
    await user.type(screen.getByLabelText(/Title \(French\)/), 'Atelier');
    await act(() => router.navigate('/profile'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog.textContent).toContain('It stays on this device as a draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/profile/events/create');
    expect((screen.getByLabelText(/Title \(French\)/) as HTMLInputElement).value).toBe('Atelier');

    await act(() => router.navigate('/profile'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave the page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('asks the browser before closing the tab with changes, and not without', async () => {
    signIn();
    api();
    const { user } = await renderCreate();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText(/Title \(French\)/), 'Atelier');
    expect(unload()).toBe(true);
  });

  it('keeps a new event as a draft per user, offered to resume, or discarded', async () => {
    const account = signIn();
    api();
    const first = await renderCreate();
    await first.user.type(screen.getByLabelText(/Title \(French\)/), 'Atelier de poterie');
    await waitFor(() => expect(readDraft(account.id)?.values.titleFr).toBe('Atelier de poterie'));
    first.unmount();

    const second = await renderCreate();
    const offer = screen.getByRole('status', { name: /Resume your draft/ });
    expect(offer.textContent).toContain('You started “Atelier de poterie” on');
    await second.user.click(within(offer).getByRole('button', { name: 'Resume your draft' }));
    expect((screen.getByLabelText(/Title \(French\)/) as HTMLInputElement).value).toBe('Atelier de poterie');
    second.unmount();

    const third = await renderCreate('fr');
    const offre = screen.getByRole('status', { name: /Reprendre votre brouillon/ });
    await third.user.click(within(offre).getByRole('button', { name: 'Supprimer le brouillon' }));
    expect(localStorage.getItem(draftKey(account.id))).toBeNull();
    expect((screen.getByLabelText(/Titre \(français\)/) as HTMLInputElement).value).toBe('');
  });

  it('forgets the draft once the event is published, and leaves without asking', async () => {
    const account = signIn();
    api();
    const { user, router } = await renderCreate();
    await user.type(screen.getByLabelText(/Title \(French\)/), 'Atelier');
    await waitFor(() => expect(readDraft(account.id)).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();
    expect(readDraft(account.id)).toBeNull();
  });
});

describe('the form’s sections (item 10)', () => {
  it('starts with links to its sections, each moving the focus to its heading', async () => {
    signIn();
    api();
    const { user } = await renderCreate();
    const nav = screen.getByRole('navigation', { name: 'Go to a section' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'About the event',
      'Photos',
      'Place',
      'Dates',
      'Accessibility',
      'Details',
    ]);
    await user.click(within(nav).getByRole('link', { name: 'Dates' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Dates', level: 2 }));
    expect(screen.getByRole('region', { name: 'Dates' })).toBeTruthy();
  });
});
