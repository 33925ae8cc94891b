// @vitest-environment happy-dom
import { ADMIN_EVENTS_TABLE_QUERY, ADMIN_USERS_TABLE_QUERY, MODERATION_TABLE_QUERY } from '@evmap/contract/table-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render';
import { parseTableParams, updateTableParams, useTableUrlState } from './use-table-url-state';

const params = (text: string) => new URLSearchParams(text);

describe('parseTableParams', () => {
  it('gives the defaults of the contract for an empty URL', () => {
    expect(parseTableParams(ADMIN_EVENTS_TABLE_QUERY, params(''))).toEqual({
      search: '',
      page: 1,
      sortField: 'id',
      sortDirection: 'desc',
    });
    expect(parseTableParams(ADMIN_USERS_TABLE_QUERY, params(''))).toMatchObject({
      type: 'all',
      page: 1,
      sortField: 'id',
      sortDirection: 'desc',
    });
  });

  it('reads every value the schema accepts', () => {
    const query = parseTableParams(
      ADMIN_EVENTS_TABLE_QUERY,
      params('search=%20Montr%C3%A9al%20&page=3&sortField=titleFr&sortDirection=asc'),
    );
    expect(query).toMatchObject({ search: 'Montréal', page: 3, sortField: 'titleFr', sortDirection: 'asc' });
    expect(parseTableParams(ADMIN_USERS_TABLE_QUERY, params('type=viewer'))).toMatchObject({ type: 'viewer' });
  });

  it('puts each refused value back to its default and keeps the others', () => {
    const query = parseTableParams(
      ADMIN_EVENTS_TABLE_QUERY,
      params('search=jazz&page=-2&sortField=password&sortDirection=sideways'),
    );
    expect(query).toMatchObject({ search: 'jazz', page: 1, sortField: 'id', sortDirection: 'desc' });
    expect(parseTableParams(ADMIN_EVENTS_TABLE_QUERY, params('page=abc&sortField=city'))).toMatchObject({
      page: 1,
      sortField: 'city',
    });
    expect(parseTableParams(ADMIN_USERS_TABLE_QUERY, params('type=admin&page=2.5'))).toMatchObject({
      type: 'all',
      page: 1,
    });
  });
});

describe('updateTableParams', () => {
  const defaults = parseTableParams(ADMIN_USERS_TABLE_QUERY, params(''));

  it('sends the table back to page 1 on a new search, sort or filter', () => {
    const current = params('page=4&search=old');
    expect(updateTableParams(current, { search: 'new' }, defaults).toString()).toBe('search=new');
    expect(updateTableParams(current, { sortField: 'name', sortDirection: 'asc' }, defaults).toString()).toBe(
      'search=old&sortField=name&sortDirection=asc',
    );
    expect(updateTableParams(current, { type: 'viewer' }, defaults).toString()).toBe('search=old&type=viewer');
  });

  it('keeps the rest when only the page changes, and leaves defaults out of the URL', () => {
    const current = params('search=jazz&sortField=name&sortDirection=asc&other=kept');
    expect(updateTableParams(current, { page: 2 }, defaults).toString()).toBe(
      'search=jazz&sortField=name&sortDirection=asc&other=kept&page=2',
    );
    expect(updateTableParams(params('page=2'), { page: 1 }, defaults).toString()).toBe('');
    expect(
      updateTableParams(
        params('sortField=name&sortDirection=asc'),
        { sortField: 'id', sortDirection: 'desc' },
        defaults,
      ).toString(),
    ).toBe('');
    expect(updateTableParams(params('search=a&type=viewer'), { search: '', type: 'all' }, defaults).toString()).toBe(
      '',
    );
  });
});

/** Shows the hook's state and offers its actions as buttons. */
function Probe({ debounceMs = 50 }: { debounceMs?: number }) {
  const table = useTableUrlState(ADMIN_EVENTS_TABLE_QUERY, { debounceMs });
  return (
    <div>
      <label>
        Search
        <input value={table.searchInput} onChange={(event) => table.setSearchInput(event.currentTarget.value)} />
      </label>
      <output>{JSON.stringify(table.query)}</output>
      <button type="button" onClick={() => table.setPage(table.query.page + 1)}>
        next page
      </button>
      <button type="button" onClick={() => table.toggleSort('titleFr')}>
        title
      </button>
      {/* Two clicks, the second on the screen the first has not replaced yet (the same render's handlers). */}
      <button
        type="button"
        onClick={() => {
          table.toggleSort('titleFr');
          table.setPage(2);
        }}
      >
        title then page 2
      </button>
      <button
        type="button"
        onClick={() => {
          table.toggleSort('titleFr');
          table.toggleSort('titleFr');
        }}
      >
        title twice
      </button>
      <button type="button" onClick={() => table.setPage(2)}>
        page 2
      </button>
    </div>
  );
}

const state = () => JSON.parse(screen.getByRole('status').textContent ?? '{}');

describe('a table whose parameters have a prefix (two on one page)', () => {
  it("reads and writes its own parameters only, leaving the page's others alone", () => {
    const params = new URLSearchParams('page=3&moderationPage=2&sortField=title');
    expect(parseTableParams(MODERATION_TABLE_QUERY, params, 'moderation')).toEqual({ page: 2 });
    expect(updateTableParams(params, { page: 4 }, { page: 1 }, 'moderation').toString()).toBe(
      'page=3&moderationPage=4&sortField=title',
    );
    expect(updateTableParams(params, { page: 1 }, { page: 1 }, 'moderation').toString()).toBe('page=3&sortField=title');
  });
});

describe('useTableUrlState', () => {
  it('restores the state from a shared link', async () => {
    await renderUi(<Probe />, { path: '/t?search=jazz&page=3&sortField=city&sortDirection=asc' });
    expect(state()).toMatchObject({ search: 'jazz', page: 3, sortField: 'city', sortDirection: 'asc' });
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('jazz');
  });

  it('pushes page and sort changes, resets the page on a sort, and back restores them', async () => {
    const { user, router } = await renderUi(<Probe />, { path: '/t' });
    await user.click(screen.getByRole('button', { name: 'next page' }));
    await user.click(screen.getByRole('button', { name: 'next page' }));
    expect(router.state.location.search).toBe('?page=3');
    expect(router.state.historyAction).toBe('PUSH');

    await user.click(screen.getByRole('button', { name: 'title' }));
    expect(router.state.location.search).toBe('?sortField=titleFr&sortDirection=asc');
    await user.click(screen.getByRole('button', { name: 'title' }));
    expect(state()).toMatchObject({ page: 1, sortField: 'titleFr', sortDirection: 'desc' });
    await user.click(screen.getByRole('button', { name: 'title' }));
    expect(router.state.location.search).toBe('');

    await act(() => router.navigate(-3));
    expect(state()).toMatchObject({ page: 3, sortField: 'id', sortDirection: 'desc' });
  });

  it('writes the search once typing pauses, replacing the entry, from page 1; back and forward refill the box', async () => {
    // A pause long enough that a loaded machine's keystrokes never look like one (it failed once at 50 ms).
    const { user, router } = await renderUi(<Probe debounceMs={1000} />, { path: '/t?page=2' });
    await user.click(screen.getByRole('button', { name: 'next page' }));
    const box = screen.getByLabelText('Search') as HTMLInputElement;
    await user.type(box, 'Montréal ');
    expect(router.state.location.search).toBe('?page=3');
    await waitFor(() => expect(router.state.location.search).toBe('?search=Montr%C3%A9al'), { timeout: 5000 });
    expect(router.state.historyAction).toBe('REPLACE');
    // The trailing space stays in the box while the URL holds the trimmed search.
    expect(box.value).toBe('Montréal ');

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(box.value).toBe(''));
    await act(() => router.navigate(1));
    await waitFor(() => expect(box.value).toBe('Montréal'));
  });

  it('builds a change on the URL written before it, even when the screen does not show that URL yet', async () => {
    const { user, router } = await renderUi(<Probe />, { path: '/t?page=2' });
    // A page button pressed just after the sort header, before the table shows the sort: page 2 of the sort.
    await user.click(screen.getByRole('button', { name: 'title then page 2' }));
    expect(router.state.location.search).toBe('?sortField=titleFr&sortDirection=asc&page=2');
    // The header pressed twice in a row goes through two states.
    await user.click(screen.getByRole('button', { name: 'title twice' }));
    expect(router.state.location.search).toBe('');

    // A change that changes nothing adds no history entry.
    await user.click(screen.getByRole('button', { name: 'page 2' }));
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: 'page 2' }));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(state()).toMatchObject({ page: 1, sortField: 'id' });
  });

  it('a page change made while the search waits carries the search with it', async () => {
    const { user, router } = await renderUi(<Probe />, { path: '/t' });
    await user.type(screen.getByLabelText('Search'), 'jazz');
    await user.click(screen.getByRole('button', { name: 'next page' }));
    expect(router.state.location.search).toBe('?search=jazz&page=2');
    // The debounce does not fire afterwards and undo the page.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.search).toBe('?search=jazz&page=2');
  });
});
