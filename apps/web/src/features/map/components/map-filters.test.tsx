// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render';
import { useSearchStore } from '../hooks/use-search-store';
import { FilterNotice } from './filter-notice';
import { MapFilters } from './map-filters';

beforeEach(() => {
  useSearchStore.setState({ text: '', access: [] });
});

describe('the map’s search and filters', () => {
  it('opens the search field and the accessibility filters in a dialog, and narrows the map by them', async () => {
    const { user } = await renderUi(
      <>
        <MapFilters />
        <FilterNotice />
      </>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search and filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search and filters' });
    // The button the dialog's code brought, which it belongs to.
    const button = screen.getByRole('button', { name: 'Search and filters' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.type(await within(dialog).findByRole('searchbox', { name: 'Search events' }), 'jazz');
    await waitFor(() => expect(useSearchStore.getState().text).toBe('jazz'));
    await user.click(within(dialog).getByText('Accessibility filters'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Live captioning (CART)' }));
    expect(useSearchStore.getState().access).toEqual(['captioning']);
    expect(screen.getByRole('status').textContent).toContain('Search or filters apply to the map');

    // Escape closes it and gives the focus back to its button.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('keeps words typed just before it closed, in French', async () => {
    const { user } = await renderUi(<MapFilters />, { lang: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Rechercher et filtrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechercher et filtrer' });
    await user.type(await within(dialog).findByRole('searchbox', { name: 'Rechercher des événements' }), 'parc');
    // Closed before typing paused: the words are searched all the same.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useSearchStore.getState().text).toBe('parc');
  });

  it('clears from the notice, and the field follows', async () => {
    useSearchStore.setState({ text: 'jazz', access: ['asl'] });
    const { user } = await renderUi(
      <>
        <MapFilters />
        <FilterNotice />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Clear the search and filters' }));
    expect(useSearchStore.getState()).toMatchObject({ text: '', access: [] });
    await user.click(screen.getByRole('button', { name: 'Search and filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search and filters' });
    expect((await within(dialog).findByRole('searchbox', { name: 'Search events' })).getAttribute('value') ?? '').toBe(
      '',
    );
  });
});
