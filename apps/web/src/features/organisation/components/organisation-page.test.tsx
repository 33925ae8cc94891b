// @vitest-environment happy-dom
import type { OrganisationPage as Page } from '@evmap/contract/organisations';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testEvent } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { OrganisationPage } from './organisation-page';

const organisation = { id: 42, handle: 'salle-du-plateau', name: 'Salle du Plateau', website: 'https://salle.example' };

function answer(overrides: Partial<Page> = {}): Page {
  return {
    organisation,
    events: [
      testEvent({
        id: 1,
        handle: 'jazz-au-parc',
        titleFr: 'Jazz au parc',
        titleEn: 'Jazz in the park',
        city: 'Montréal',
        dates: [{ startDate: '2099-08-01 19:00:00', endDate: null }],
      }),
      testEvent({
        id: 2,
        handle: 'theatre',
        titleFr: 'Théâtre',
        titleEn: 'Theatre',
        dates: [{ startDate: '2099-08-03 20:00:00', endDate: null }],
      }),
    ],
    pagination: { page: 1, limit: 20, totalCount: 2, totalPages: 1 },
    feeds: { ics: 'x', atom: 'x', rss: 'x', json: 'x' },
    ...overrides,
  };
}

const render = (lang: 'en' | 'fr' = 'en', path = '/organisations/salle-du-plateau') =>
  renderUi(<OrganisationPage />, { lang, path, route: '/organisations/:handle' });

afterEach(() => vi.unstubAllGlobals());

describe('the organisation page', () => {
  it('shows a loader, then the name as the heading, its events as links and its feeds', async () => {
    let release: (value: { body: Page }) => void = () => {};
    const calls = mockApi(() => new Promise((resolve) => (release = resolve)));
    await render();
    expect(await screen.findByRole('status')).toBeTruthy();
    release({ body: answer() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Salle du Plateau' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/public/organisations/salle-du-plateau?page=1']);
    expect(screen.getByRole('link', { name: 'salle.example' }).getAttribute('href')).toBe('https://salle.example');
    const events = screen.getByRole('region', { name: 'Upcoming events' });
    const items = within(within(events).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Jazz in the park', 'Theatre']);
    expect(within(events).getByRole('link', { name: 'Jazz in the park' }).getAttribute('href')).toBe(
      '/events/jazz-au-parc',
    );
    expect(within(items[0]!).getByText(/2099/)).toBeTruthy();
    expect(within(events).getByText('2 upcoming events')).toBeTruthy();

    const feeds = screen.getByRole('region', { name: 'Follow these events' });
    const origin = window.location.origin;
    expect(within(feeds).getByRole('link', { name: 'Calendar (iCalendar, .ics)' }).getAttribute('href')).toBe(
      `${origin}/api/v1/public/organisations/42/feed.ics?lang=en`,
    );
    expect(within(feeds).getByRole('link', { name: 'RSS feed' }).getAttribute('href')).toBe(
      `${origin}/api/v1/public/organisations/42/feed.rss?lang=en`,
    );
    expect(within(feeds).getByRole('link', { name: 'Atom feed' })).toBeTruthy();
    expect(within(feeds).getByRole('link', { name: 'JSON Feed' })).toBeTruthy();
  });

  it('marks a title written in French only as not translated, in English (issue 25)', async () => {
    const conte = testEvent({
      id: 3,
      handle: 'heure-du-conte',
      titleFr: 'Heure du conte',
      titleEn: 'Heure du conte',
      untranslated: { en: ['title'], fr: [] },
    });
    mockApi(() => ({
      body: answer({ events: [conte], pagination: { page: 1, limit: 20, totalCount: 1, totalPages: 1 } }),
    }));
    await render();
    const link = await screen.findByRole('link', { name: 'Heure du conte Not translated' });
    expect(within(link).getByText('Heure du conte').getAttribute('lang')).toBe('fr');
  });

  it("subscribes to the organisation's own feed", async () => {
    mockApi(() => ({ body: answer() }));
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to events' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to these events' });
    expect(within(dialog).getByText('The upcoming events of Salle du Plateau.')).toBeTruthy();
    const host = window.location.host;
    expect(within(dialog).getByRole('link', { name: 'Add to Apple Calendar or Outlook' }).getAttribute('href')).toBe(
      `webcal://${host}/api/v1/public/organisations/42/feed.ics?lang=en`,
    );
    expect(
      within(dialog)
        .getByRole('link', { name: /Add to Google Calendar/ })
        .getAttribute('href'),
    ).toContain(encodeURIComponent(`webcal://${host}/api/v1/public/organisations/42/feed.ics?lang=en`));
  });

  it('speaks French, feeds included', async () => {
    mockApi(() => ({ body: answer() }));
    await render('fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Salle du Plateau' })).toBeTruthy();
    const events = screen.getByRole('region', { name: 'Événements à venir' });
    expect(within(events).getByRole('link', { name: 'Jazz au parc' })).toBeTruthy();
    expect(within(events).getByText('2 événements à venir')).toBeTruthy();
    const feeds = screen.getByRole('region', { name: 'Suivre ces événements' });
    expect(within(feeds).getByRole('link', { name: 'Agenda (iCalendar, .ics)' }).getAttribute('href')).toMatch(
      /\/feed\.ics\?lang=fr$/,
    );
  });

  it('says when there is nothing to come, and pages through many events', async () => {
    mockApi(() => ({ body: answer({ events: [], pagination: { page: 1, limit: 20, totalCount: 0, totalPages: 0 } }) }));
    await render();
    expect(await screen.findByText(/No upcoming events for now/)).toBeTruthy();
    vi.unstubAllGlobals();

    const calls = mockApi(({ path }) => {
      const page = Number(new URLSearchParams(path.split('?')[1]).get('page'));
      return { body: answer({ pagination: { page, limit: 20, totalCount: 45, totalPages: 3 } }) };
    });
    const { user } = await render('en', '/organisations/salle-du-plateau?page=2');
    const pages = await screen.findByRole('navigation', { name: 'Pages of events' });
    expect(within(pages).getByText('Page 2 of 3')).toBeTruthy();
    expect(within(pages).getByRole('link', { name: 'Earlier events' }).getAttribute('href')).toBe(
      '/organisations/salle-du-plateau',
    );
    await user.click(within(pages).getByRole('link', { name: 'Later events' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual([
      '/public/organisations/salle-du-plateau?page=2',
      '/public/organisations/salle-du-plateau?page=3',
    ]);
  });

  it.each([
    ['en', 404, 'Organisation not found', /No organisation has this address/],
    ['fr', 404, 'Organisation introuvable', /Aucune organisation n'a cette adresse/],
    ['en', 410, 'Organisation removed', /This organisation was removed/],
    ['fr', 410, 'Organisation retirée', /Cette organisation a été retirée/],
  ] as const)('%s: answers %i with its own message and the way back to the map', async (lang, status, title, text) => {
    mockApi(() => ({ status, body: { errors: { global: 'x' } } }));
    await render(lang);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: lang === 'en' ? 'Back to the map' : 'Retour à la carte' })).toBeTruthy();
  });

  it('offers to try again when the page could not be loaded', async () => {
    let fail = true;
    mockApi(() => (fail ? { status: 503, body: { errors: { global: 'down' } } } : { body: answer() }));
    const { user } = await render();
    expect(await screen.findByText("The organisation's page could not be loaded.")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Salle du Plateau' })).toBeTruthy();
  });
});
