// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESSIVE_FIRST } from '@/lib/use-progressive-count';
import { renderUi } from '@/test/render';
import { DataTable, type DataTableColumn, type RowAction } from './data-table';
import { PaginationNav } from './pagination-nav';
import type { SortState } from './sort-cycle';

/** happy-dom's own window control: its media queries follow the width. */
const setViewport = (size: { width: number }) =>
  (window as unknown as { happyDOM?: { setViewport: (size: { width: number }) => void } }).happyDOM?.setViewport(size);

type Row = { id: number; name: string; deleted?: boolean };
type Field = 'id' | 'name';

const columns: DataTableColumn<Row, Field>[] = [
  { key: 'id', header: 'ID', sortField: 'id', numeric: true, cell: (row) => row.id },
  { key: 'name', header: 'Name', sortField: 'name', rowHeader: true, cell: (row) => row.name },
  { key: 'note', header: 'Note', cell: (row) => (row.deleted ? 'Deleted' : '') },
];

function table(props: Partial<Parameters<typeof DataTable<Row, Field>>[0]> = {}) {
  const sort: SortState<Field> = { field: 'name', direction: 'asc' };
  return (
    <DataTable<Row, Field>
      caption="People"
      columns={columns}
      rows={[
        { id: 2, name: 'Béa' },
        { id: 1, name: 'Ali', deleted: true },
      ]}
      rowKey={(row) => row.id}
      sort={sort}
      onSort={() => {}}
      emptyText="Nobody"
      highlighted={(row) => row.deleted === true}
      {...props}
    />
  );
}

describe('DataTable', () => {
  it('adds a long page in slices: the first rows at once, busy until every row is in, each row rendered once', async () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));
    const named = vi.fn((row: Row) => row.name);
    await renderUi(table({ rows: many, columns: [{ key: 'name', header: 'Name', rowHeader: true, cell: named }] }));
    const grid = screen.getByRole('table', { name: /People/ });
    const bodyRows = () => within(grid).getAllByRole('row').slice(1);
    expect(bodyRows()).toHaveLength(PROGRESSIVE_FIRST);
    expect(grid.getAttribute('aria-busy')).toBe('true');

    await waitFor(() => expect(bodyRows()).toHaveLength(100), { timeout: 5000 });
    expect(grid.getAttribute('aria-busy')).toBe('false');
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(many.map((p) => p.name));
    // The rows already shown are not rendered again when the next slice comes in.
    expect(named).toHaveBeenCalledTimes(100);
  });

  it('names the table by its caption and sort, marks the sorted header, and sorts on a header click', async () => {
    const onSort = vi.fn();
    const { user } = await renderUi(table({ onSort }));
    const grid = screen.getByRole('table', { name: 'People (sorted by Name, ascending)' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual([null, 'ascending', null]);
    // Only sortable columns have a button.
    expect(within(headers[2] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(within(grid).getByRole('button', { name: 'ID' }));
    await user.click(within(grid).getByRole('button', { name: 'Name' }));
    expect(onSort.mock.calls).toEqual([['id'], ['name']]);
  });

  it('renders the rows in the order given, each named by its row header, deleted ones highlighted', async () => {
    await renderUi(table());
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Béa', 'Ali']);
    expect(rows[1]?.className).toMatch(/highlighted/);
    expect(rows[0]?.className ?? '').not.toMatch(/highlighted/);
  });

  it('keeps the previous rows while busy, says it is loading, and shows the empty and first-load states', async () => {
    const { unmount } = await renderUi(table({ busy: true }));
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Béa')).toBeTruthy();
    expect(screen.getByText('Loading…')).toBeTruthy();
    unmount();

    await renderUi(table({ rows: [] }));
    expect(await screen.findByText('Nobody')).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
  });

  it('says it is loading before the first page arrives', async () => {
    await renderUi(table({ rows: undefined }));
    expect(screen.getByRole('cell', { name: 'Loading…' })).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('names the sort in French', async () => {
    await renderUi(table({ sort: { field: 'id', direction: 'desc' } }), { lang: 'fr' });
    expect(screen.getByRole('table', { name: 'People (triés par ID, ordre décroissant)' })).toBeTruthy();
  });
});

describe('DataTable, the rest of the kit', () => {
  afterEach(() => setViewport({ width: 1024 }));

  it('has no sort buttons without a sort, and names the table by its caption alone', async () => {
    await renderUi(table({ sort: undefined, onSort: undefined }));
    const grid = screen.getByRole('table', { name: 'People' });
    expect(within(grid).queryAllByRole('button')).toEqual([]);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.getAttribute('aria-sort')),
    ).toEqual([null, null, null]);
  });

  it('shows the page buttons under the table when given a pagination', async () => {
    const onChange = vi.fn();
    const { user } = await renderUi(
      table({ pagination: { label: 'Pages of people', page: 1, totalPages: 3, onChange } }),
    );
    const nav = screen.getByRole('navigation', { name: 'Pages of people' });
    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('puts the actions of each row in a last column, named by the row', async () => {
    const clicked: string[] = [];
    const actions = (row: Row): RowAction[] => [
      {
        key: 'edit',
        label: 'Edit',
        accessibleLabel: `Edit ${row.name}`,
        onClick: () => clicked.push(`edit ${row.id}`),
      },
      ...(row.deleted
        ? []
        : [
            {
              key: 'delete',
              label: 'Delete',
              accessibleLabel: `Delete ${row.name}`,
              onClick: () => {},
              disabled: true,
            },
          ]),
    ];
    const { user } = await renderUi(table({ actions: { header: 'Actions', of: actions } }));
    const grid = screen.getByRole('table');
    expect(within(grid).getAllByRole('columnheader').at(-1)?.textContent).toBe('Actions');
    const [bea, ali] = within(grid).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(
      within(bea)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit Béa', 'Delete Béa']);
    expect((within(bea).getByRole('button', { name: 'Delete Béa' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(ali).getAllByRole('button')).toHaveLength(1);
    await user.click(within(ali).getByRole('button', { name: 'Edit Ali' }));
    expect(clicked).toEqual(['edit 1']);
  });

  it('shows rows as cards on a narrow window: still a table, each cell named by its column, actions in view', async () => {
    setViewport({ width: 400 });
    const actions = {
      header: 'Actions',
      of: (row: Row) => [{ key: 'edit', label: 'Edit', onClick: () => {}, accessibleLabel: `Edit ${row.name}` }],
    };
    const { unmount } = await renderUi(table({ actions, cardsBelow: '48em' }));
    const grid = screen.getByRole('table', { name: 'People (sorted by Name, ascending)' });
    expect(grid.getAttribute('data-layout')).toBe('cards');
    const row = within(grid).getAllByRole('row')[1] as HTMLElement;
    expect(row.getAttribute('role')).toBe('row');
    expect(within(row).getByRole('rowheader').textContent).toBe('Béa');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual(['ID', 'Note', null]);
    expect(within(row).getByRole('button', { name: 'Edit Béa' })).toBeTruthy();
    // The sortable headers stay as buttons above the cards.
    expect(within(grid).getByRole('button', { name: 'Name' })).toBeTruthy();
    unmount();

    setViewport({ width: 1024 });
    await renderUi(table({ cardsBelow: '48em' }));
    expect(screen.getByRole('table').getAttribute('data-layout')).toBe('table');
  });
});

describe('PaginationNav', () => {
  it('shows first, previous, the pages around the current one with ellipses, next and last', async () => {
    const onChange = vi.fn();
    const { user } = await renderUi(<PaginationNav label="Pages" page={10} totalPages={20} onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const texts = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts).toEqual(['First', 'Previous', '1', '…', '8', '9', '10', '11', '12', '…', '20', 'Next', 'Last']);
    const current = within(nav).getByRole('button', { name: 'Page 10' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Page 9' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByText('Page 10 of 20')).toBeTruthy();

    await user.click(within(nav).getByRole('button', { name: 'First' }));
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    await user.click(within(nav).getByRole('button', { name: 'Page 12' }));
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await user.click(within(nav).getByRole('button', { name: 'Last' }));
    await user.click(current);
    expect(onChange.mock.calls).toEqual([[1], [9], [12], [11], [20], [10]]);
  });

  it('disables going back on the first page and forward on the last', async () => {
    const { unmount } = await renderUi(<PaginationNav label="Pages" page={1} totalPages={3} onChange={() => {}} />);
    const disabled = () =>
      screen
        .getAllByRole('button')
        .filter((button) => (button as HTMLButtonElement).disabled)
        .map((button) => button.textContent);
    expect(disabled()).toEqual(['First', 'Previous']);
    unmount();
    await renderUi(<PaginationNav label="Pages" page={3} totalPages={3} onChange={() => {}} />);
    expect(disabled()).toEqual(['Next', 'Last']);
  });

  it('is not shown for a single page', async () => {
    await renderUi(<PaginationNav label="Pages" page={1} totalPages={1} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
