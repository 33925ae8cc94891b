// @vitest-environment happy-dom
import { accessFilterMask } from '@evmap/contract/accessibility';
import type { MarkersAnswer } from '@evmap/contract/marker-tiles';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { testEvent, testMarker } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { useSearchStore } from '../hooks/use-search-store';
import { EventList, LIST_PAGE, sortForList } from './event-list';
import { ListFilters } from './list-filters';

const globals = {
  categories: [{ id: 1, handle: 'cultural', titleFr: 'Culture', titleEn: 'Cultural' }],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames' },
};

/** A Montréal area, as the map would have left it. */
const AREA = { bounds: { northLat: 45.6, southLat: 45.4, eastLng: -73.4, westLng: -73.8 }, zoom: 11 };

/** The columnar answer of `markers` (sorted by id), as the API sends it. */
function answerOf(markers: ReturnType<typeof testMarker>[]): MarkersAnswer {
  const sorted = [...markers].sort((a, b) => a.id - b.id);
  const images = [...new Set(sorted.map((m) => m.image).filter(Boolean))];
  let previous = 0;
  return {
    capped: false,
    id: sorted.map((m) => {
      const delta = m.id - previous;
      previous = m.id;
      return delta;
    }),
    lat: sorted.map((m) => Math.round(m.latitude * 1e5)),
    lng: sorted.map((m) => Math.round(m.longitude * 1e5)),
    category: sorted.map((m) => m.categoryId),
    handle: sorted.map((m) => m.handle),
    title: sorted.map((m) => m.title),
    image: sorted.map((m) => (m.image ? images.indexOf(m.image) : -1)),
    images,
    access: sorted.map((m) => m.access),
    start: sorted.map((m) => m.start),
  };
}

/** Answers the globals, every marker tile (with `markers`) and the details of the ids asked. */
function serve(markers: ReturnType<typeof testMarker>[]) {
  return mockApi(({ path }) => {
    if (path === '/public/globals') return { body: globals };
    if (path.startsWith('/public/events/markers')) return { body: answerOf(markers) };
    if (path.startsWith('/public/events/by-ids')) {
      const ids = new URL(path, 'http://x').searchParams.get('ids')!.split(',').map(Number);
      return {
        body: {
          events: ids.map((id) =>
            testEvent({ id, handle: `event-${id}`, titleEn: `Event ${id}`, city: 'Montréal', price: `${id} $` }),
          ),
        },
      };
    }
    return { status: 404, body: { errors: { global: 'Not found' } } };
  });
}

beforeEach(() => {
  useSearchStore.setState({ area: AREA, location: null, categoryId: null, text: '', access: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the list of events', () => {
  it('lists the area’s events as links under a heading, soonest first, and says how many in a live region', async () => {
    serve([
      testMarker({ id: 1, title: 'Late', start: 21 * 60, latitude: 45.5, longitude: -73.6 }),
      testMarker({ id: 2, title: 'Early', start: 9 * 60, latitude: 45.5, longitude: -73.6 }),
      testMarker({ id: 3, title: 'Began yesterday', start: -1, latitude: 45.5, longitude: -73.6 }),
      // Outside the area (the tile reaches further): not listed.
      testMarker({ id: 4, title: 'Québec', start: 600, latitude: 46.8, longitude: -71.2 }),
    ]);
    await renderUi(<EventList />);
    const region = await screen.findByRole('region', { name: 'Events in this area' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('3 events'));
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/events/event-3?view=list',
      '/events/event-2?view=list',
      '/events/event-1?view=list',
    ]);
    expect(links[0]!.textContent).toContain('Started earlier');
    expect(links[1]!.textContent).toContain('9:00');
    // The details come a page at a time: the place and the price.
    await waitFor(() => expect(links[1]!.textContent).toContain('Montréal'));
    expect(links[1]!.textContent).toContain('2 $');
    expect(links[1]!.textContent).toContain('Cultural');
  });

  it('writes the start time as French readers do when the browser names its region (fr-CA)', async () => {
    serve([testMarker({ id: 6, start: 20 * 60, latitude: 45.5, longitude: -73.6 })]);
    await renderUi(<EventList />, { lang: 'fr' });
    act(() => i18n.changeLanguage('fr-CA'));
    await waitFor(() => expect(screen.getByRole('link').textContent).toContain('20 h 00'));
  });

  it('shows each event’s accessibility as icon and text, in French too', async () => {
    serve([testMarker({ id: 5, access: accessFilterMask(['stepFree', 'asl']), latitude: 45.5, longitude: -73.6 })]);
    await renderUi(<EventList />, { lang: 'fr' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 événement'));
    const link = screen.getByRole('link');
    expect(link.textContent).toContain('Entrée sans marche');
    expect(link.textContent).toContain('Interprétation en ASL');
  });

  it('grows a page at a time with "Show more events", reading the details of the new page only', async () => {
    const many = Array.from({ length: LIST_PAGE + 5 }, (_, i) =>
      testMarker({ id: i + 1, start: i, latitude: 45.5, longitude: -73.6 }),
    );
    const calls = serve(many);
    const { user } = await renderUi(<EventList />);
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(LIST_PAGE));
    await user.click(screen.getByRole('button', { name: 'Show more events' }));
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(LIST_PAGE + 5));
    expect(screen.queryByRole('button', { name: 'Show more events' })).toBeNull();
    const batches = calls.filter((call) => call.path.startsWith('/public/events/by-ids'));
    expect(batches.map((call) => new URL(call.path, 'http://x').searchParams.get('ids')!.split(',').length)).toEqual([
      LIST_PAGE,
      5,
    ]);
  });

  it('marks a title not written in the reader’s language, the original in its language (issue 25)', async () => {
    mockApi(({ path }) => {
      if (path === '/public/globals') return { body: globals };
      if (path.startsWith('/public/events/markers')) {
        return { body: answerOf([testMarker({ id: 1, title: 'Heure du conte', latitude: 45.5, longitude: -73.6 })]) };
      }
      const untranslated = { en: ['title' as const], fr: [] };
      const event = testEvent({ id: 1, titleFr: 'Heure du conte', titleEn: 'Heure du conte', untranslated });
      return { body: { events: [event] } };
    });
    await renderUi(<EventList />);
    const region = await screen.findByRole('region', { name: 'Events in this area' });
    const mark = await within(region).findByText('Not translated');
    expect(within(region).getByText('Heure du conte').getAttribute('lang')).toBe('fr');
    expect(mark.closest('a')?.getAttribute('href')).toBe('/events/event-1?view=list');
  });

  it('says when there is nothing to list', async () => {
    serve([]);
    await renderUi(<EventList />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('0 events'));
    expect(screen.getByText('No events here on this day. Move the map or choose another day.')).toBeTruthy();
  });
});

describe('the list order', () => {
  it('is by distance when the location is known', () => {
    const near = testMarker({ id: 1, start: 900, latitude: 45.5, longitude: -73.57 });
    const far = testMarker({ id: 2, start: 60, latitude: 45.6, longitude: -73.8 });
    expect(sortForList([far, near], { lat: 45.5, lng: -73.57 }).map((m) => m.id)).toEqual([1, 2]);
    expect(sortForList([near, far], null).map((m) => m.id)).toEqual([2, 1]);
  });
});

describe('the list\u2019s search and filters', () => {
  it('searches the words once typing pauses, and asks for the attributes in one order', async () => {
    const calls = serve([testMarker({ id: 1, latitude: 45.5, longitude: -73.6 })]);
    const { user } = await renderUi(
      <>
        <ListFilters />
        <EventList />
      </>,
      { lang: 'fr' },
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 événement'));
    const markerCalls = () =>
      calls.filter((call) => call.path.startsWith('/public/events/markers')).map((call) => call.path);
    const before = markerCalls().length;
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher des événements' }), 'théâtre');
    await waitFor(() => expect(markerCalls().at(-1)).toContain(`q=${encodeURIComponent('théâtre')}`));
    // The whole words, not one search per key.
    expect(markerCalls().slice(before)).toEqual(
      markerCalls()
        .slice(before)
        .filter((path) => path.includes(`q=${encodeURIComponent('théâtre')}`)),
    );
    await user.click(screen.getByText('Filtres d’accessibilité'));
    await user.click(screen.getByRole('checkbox', { name: 'Interprétation en ASL' }));
    await user.click(screen.getByRole('checkbox', { name: 'Entrée sans marche' }));
    await waitFor(() => expect(markerCalls().at(-1)).toContain('access=stepFree%2Casl'));
    expect(useSearchStore.getState().access).toEqual(['stepFree', 'asl']);
  });
});
