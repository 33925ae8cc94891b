// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderUi } from '@/test/render';
import { EventStats } from './event-stats';

const STATS = [
  { type: 'btn_click', date: '2030-03-01', count: 2, value: 'phone' },
  { type: 'btn_click', date: '2030-03-03', count: 1, value: 'website' },
  { type: 'view', date: '2030-03-01', count: 7, value: 'single_modal' },
  { type: 'view', date: '2030-03-01', count: 1200, value: 'map_marker' },
  { type: 'view', date: '2030-03-03', count: 4, value: 'map_marker' },
  { type: 'view', date: '2030-03-02', count: 2, value: 'embed' },
];

const answer = (eventStats: unknown[]) => mockApi(() => ({ body: { eventStats } }));

/** The cells of each row of `table` (header and data cells alike), as text. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));

beforeEach(() => {
  // happy-dom has no layout, so recharts measures a 0×0 box, draws no bars and says so; every other warning still shows.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('EventStats', () => {
  it('shows the total views and clicks as figures', async () => {
    const calls = answer(STATS);
    await renderUi(<EventStats eventId={12} scope="owner" />);
    const terms = (await screen.findAllByRole('term')).map((term) => term.textContent);
    const figures = screen.getAllByRole('definition').map((figure) => figure.textContent);
    expect(terms).toEqual(['Views', 'Clicks']);
    expect(figures).toEqual(['1,213', '3']);
    expect(calls).toEqual([{ method: 'GET', path: '/connected/events/12/stats', body: undefined }]);
    expect(screen.getByText('From March 1, 2030 to March 3, 2030')).toBeTruthy();
  });

  it('gives each chart a title and a table with one row per day, gaps filled, in en-CA', async () => {
    answer(STATS);
    await renderUi(<EventStats eventId={12} scope="owner" />);
    expect(await screen.findByRole('heading', { name: 'Views per day' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Clicks per day' })).toBeTruthy();

    const views = screen.getByRole('table', { name: 'Views per day, by source' });
    expect(rowsOf(views)).toEqual([
      ['Date', 'Map marker', 'Event page/link', 'Embed on another website'],
      ['March 1, 2030', '1,200', '7', '0'],
      ['March 2, 2030', '0', '0', '2'],
      ['March 3, 2030', '4', '0', '0'],
      ['Total', '1,204', '7', '2'],
    ]);
    const clicks = screen.getByRole('table', { name: 'Clicks per day, by button' });
    expect(rowsOf(clicks)).toEqual([
      ['Date', 'Website', 'Phone', 'Reservation', 'Share link', 'Directions'],
      ['March 1, 2030', '0', '2', '0', '0', '0'],
      ['March 2, 2030', '0', '0', '0', '0', '0'],
      ['March 3, 2030', '1', '0', '0', '0', '0'],
      ['Total', '1', '2', '0', '0', '0'],
    ]);
    // Column and row headers, so a screen reader names each figure by its day and its series.
    expect(within(views).getAllByRole('columnheader')).toHaveLength(4);
    expect(
      within(views)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['March 1, 2030', 'March 2, 2030', 'March 3, 2030', 'Total']);
  });

  it('writes dates, numbers and names in fr-CA for French', async () => {
    answer(STATS);
    await renderUi(<EventStats eventId={12} scope="owner" />, { lang: 'fr' });
    const views = await screen.findByRole('table', { name: 'Vues par jour, selon la provenance' });
    const rows = rowsOf(views).map((row) => row.map((cell) => cell?.replace(/\s/g, ' ')));
    expect(rows).toEqual([
      ['Date', 'Marqueur sur la carte', 'Page ou lien de l’événement', 'Carte intégrée à un autre site'],
      ['1er mars 2030', '1 200', '7', '0'],
      ['2 mars 2030', '0', '0', '2'],
      ['3 mars 2030', '4', '0', '0'],
      ['Total', '1 204', '7', '2'],
    ]);
    expect(screen.getByRole('heading', { name: 'Clics par jour' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Clics par jour, selon le bouton' })).toBeTruthy();
  });

  it('hides the charts from assistive technology and shows the tables on demand', async () => {
    answer(STATS);
    const { user } = await renderUi(<EventStats eventId={12} scope="owner" />);
    const switches = await screen.findAllByRole('switch', { name: 'Show as a table' });
    expect(switches).toHaveLength(2);
    const table = screen.getByRole('table', { name: 'Views per day, by source' });
    const charts = document.querySelectorAll('.mantine-BarChart-root');
    expect(charts).toHaveLength(2);
    for (const chart of charts) expect(chart.closest('[aria-hidden="true"]')).toBeTruthy();
    // Hidden from sight until asked for, but always in the accessibility tree.
    expect(table.closest('.mantine-VisuallyHidden-root')).toBeTruthy();
    await user.click(switches[0]!);
    const shown = screen.getByRole('table', { name: 'Views per day, by source' });
    expect(shown.closest('.mantine-VisuallyHidden-root')).toBeNull();
    // Shown, it scrolls sideways on narrow screens inside a region a keyboard can focus.
    expect(screen.getByRole('region', { name: 'Views per day, by source' }).tabIndex).toBe(0);
    const clicks = screen.getByRole('table', { name: 'Clicks per day, by button' });
    expect(clicks.closest('.mantine-VisuallyHidden-root')).toBeTruthy();
  });

  it('says so when there are no statistics yet', async () => {
    answer([{ type: 'view', date: '2030-03-01', count: 3, value: 'unknown_source' }]);
    await renderUi(<EventStats eventId={12} scope="owner" />);
    expect(await screen.findByText(/No statistics yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('reads the statistics through the admin call in the admin scope', async () => {
    const calls = answer(STATS);
    await renderUi(<EventStats eventId={40} scope="admin" />);
    await screen.findByRole('table', { name: 'Views per day, by source' });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /connected/admin/events/40/stats']);
  });

  it('shows a loader while loading, then an alert when the call fails', async () => {
    mockApi(() => ({ status: 404, body: { errors: { global: 'Event not found' } } }));
    await renderUi(<EventStats eventId={12} scope="owner" />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The statistics could not be loaded.');
    expect(alert.textContent).toContain('Event not found');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
