// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedLinks } from '@/lib/feed-links';
import { renderUi } from '@/test/render';
import { SubscribeButton } from './subscribe-button';

afterEach(() => {
  vi.restoreAllMocks();
});

const MONTREAL = { west: -73.71234, south: 45.45678, east: -73.50001, north: 45.60009 };

describe('feed addresses', () => {
  it('are the API’s feed with the filters as its query, the area rounded outwards to three decimals', () => {
    const links = feedLinks(
      { lang: 'en', category: 'cultural', bounds: MONTREAL, access: ['stepFree', 'asl'], q: ' théâtre ' },
      'https://evmap.ca',
    );
    const query =
      'lang=en&category=cultural&bounds=-73.713%2C45.456%2C-73.5%2C45.601&access=stepFree%2Casl&q=th%C3%A9%C3%A2tre';
    expect(links.ics).toBe(`https://evmap.ca/api/v1/public/feeds/events.ics?${query}`);
    expect(links.webcal).toBe(`webcal://evmap.ca/api/v1/public/feeds/events.ics?${query}`);
    expect(links.google).toBe(`https://calendar.google.com/calendar/render?cid=${encodeURIComponent(links.webcal)}`);
    expect(links.rss).toBe(`https://evmap.ca/api/v1/public/feeds/events.rss?${query}`);
    expect(links.atom).toBe(`https://evmap.ca/api/v1/public/feeds/events.atom?${query}`);
    expect(links.json).toBe(`https://evmap.ca/api/v1/public/feeds/events.json?${query}`);
  });

  it('leave out empty filters, keep the world’s edges, and give an organisation its own feed', () => {
    expect(feedLinks({ lang: 'fr', access: [], q: '' }, 'http://x').ics).toBe(
      'http://x/api/v1/public/feeds/events.ics?lang=fr',
    );
    expect(feedLinks({ lang: 'fr', bounds: { west: -190, south: -95, east: 200, north: 91 } }, 'http://x').ics).toBe(
      'http://x/api/v1/public/feeds/events.ics?lang=fr&bounds=-180%2C-90%2C180%2C90',
    );
    expect(feedLinks({ lang: 'en', organisation: 42 }, 'http://x').rss).toBe(
      'http://x/api/v1/public/organisations/42/feed.rss?lang=en',
    );
  });
});

describe('Subscribe', () => {
  it('offers Google Calendar, Apple Calendar or Outlook, the address to copy and the reader feeds', async () => {
    let category = 'cultural';
    const { user } = await renderUi(<SubscribeButton filters={() => ({ lang: 'en', category })} />);
    // The filters are read when the button is pressed.
    category = 'nightlife';
    await user.click(screen.getByRole('button', { name: 'Subscribe to events' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to these events' });
    const ics = `${window.location.origin}/api/v1/public/feeds/events.ics?lang=en&category=nightlife`;
    expect(within(dialog).getByText(/of the next 60 days/)).toBeTruthy();
    const google = within(dialog).getByRole('link', { name: 'Add to Google Calendar (opens in a new tab)' });
    expect(google.getAttribute('href')).toBe(
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(ics.replace(/^https?:/, 'webcal:'))}`,
    );
    expect(google.getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByRole('link', { name: 'Add to Apple Calendar or Outlook' }).getAttribute('href')).toBe(
      ics.replace(/^https?:/, 'webcal:'),
    );
    expect((within(dialog).getByLabelText('Calendar address (iCalendar)') as HTMLInputElement).value).toBe(ics);
    expect(within(dialog).getByRole('link', { name: 'RSS' }).getAttribute('href')).toBe(
      ics.replace('events.ics', 'events.rss'),
    );
    expect(within(dialog).getByRole('link', { name: 'JSON Feed' }).getAttribute('type')).toBe('application/feed+json');

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(ics);
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Link copied'));
  });

  it('says so in French when the link cannot be copied, and gives an organisation its feed', async () => {
    const { user } = await renderUi(
      <SubscribeButton filters={{ lang: 'fr', organisation: 7 }} scope="Les événements de la Salle du Parc." />,
      { lang: 'fr' },
    );
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'S’abonner aux événements' }));
    const dialog = await screen.findByRole('dialog', { name: 'S’abonner à ces événements' });
    expect(within(dialog).getByText('Les événements de la Salle du Parc.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Adresse de l’agenda (iCalendar)') as HTMLInputElement).value).toBe(
      `${window.location.origin}/api/v1/public/organisations/7/feed.ics?lang=fr`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copier le lien' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe(
        'Le lien n’a pas pu être copié : sélectionnez l’adresse et copiez-la.',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
