/**
 * The table kit: one page of rows under a caption, with optional server sort (column headers that sort
 * by their column on a click, `aria-sort` on the sorted one), optional pagination under it, optional
 * action buttons on each row, a busy state that keeps the rows on screen while the next page loads, and
 * an empty state. It never sorts or pages rows itself.
 *
 * Below `cardsBelow` (a window width) each row is a card: the cells stacked, each named by its column,
 * the actions in full view at the bottom, the sortable headers a row of buttons above the cards. The
 * table stays a table for assistive technology; nothing scrolls sideways.
 */
import { Button, type ButtonVariant, Group, Loader, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo, type ReactNode } from 'react';
import { Icon } from '@/components/icons';
import { useTranslation } from '@/i18n/use-translation';
import { useProgressiveCount } from '@/lib/use-progressive-count';
import classes from './data-table.module.css';
import { PaginationNav, type PaginationNavProps } from './pagination-nav';
import { ariaSort, type SortState } from './sort-cycle';

/** One column: its header, how a row fills its cell, and the server field it sorts by (if any). */
export type DataTableColumn<Row, F extends string = string> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Clicking the header sorts by this field (through `onSort`). */
  sortField?: F;
  /** Figures: right-aligned. */
  numeric?: boolean;
  /** This column names the row (a `th scope="row"` cell, the title of its card). */
  rowHeader?: boolean;
};

/** A button of a row's action cell. */
export type RowAction = {
  key: string;
  /** The visible text ("Delete"). */
  label: string;
  /** The accessible name when the text alone is ambiguous ("Delete Jazz night"). */
  accessibleLabel?: string;
  onClick: () => void;
  variant?: ButtonVariant;
  color?: string;
  disabled?: boolean;
};

export type DataTableProps<Row, F extends string = string> = {
  /** Names the table for assistive technology (and shows above it, unless `captionHidden`). */
  caption: ReactNode;
  /** The caption is read but not shown (a heading above already says it). */
  captionHidden?: boolean;
  columns: DataTableColumn<Row, F>[];
  /** The rows of the current page; undefined before the first answer. */
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** The server's order; without it (and `onSort`) no header sorts. */
  sort?: SortState<F>;
  onSort?: (field: F) => void;
  /** A last column of buttons acting on the row. */
  actions?: { header: string; of: (row: Row) => RowAction[] };
  /** The page buttons under the table (nothing when everything fits on one page). */
  pagination?: PaginationNavProps;
  /** A request is under way: the rows shown (the previous page) stay, dimmed, until it answers. */
  busy?: boolean;
  /** Shown instead of rows when the page is empty. */
  emptyText: string;
  /** Rows to stand out (deleted ones): a tinted background. */
  highlighted?: (row: Row) => boolean;
  /** Below this window width (a CSS length, `48em` by default) the rows are shown as cards. */
  cardsBelow?: string;
};

/** The arrow beside a sortable header: up, down, or both when the column is not sorted. */
function SortIcon({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  return (
    <Icon size={14} className={classes.sortIcon}>
      {direction !== 'descending' && <path d="M7 10l5-5 5 5" />}
      {direction !== 'ascending' && <path d="M7 14l5 5 5-5" />}
    </Icon>
  );
}

type DataTableRowProps<Row, F extends string> = Pick<DataTableProps<Row, F>, 'columns' | 'actions'> & {
  row: Row;
  cards: boolean;
  highlighted: boolean;
};

/**
 * The kit's table classes, for the rows' plain elements. A page has up to 100 rows of 10 cells: as the kit's
 * `Table.Tr`, `Table.Th` and `Table.Td` components, each cell read the theme, the table's context and its styles
 * API on every render (the admin events list's first 12 rows took 30 ms of one task, 120 ms on Lighthouse's
 * simulated phone). The elements below carry the same classes and data attributes as the kit gives them in this
 * table (rows with borders, striped and highlighted on hover in the table layout; cells without column borders),
 * so the kit's styles and the table's own apply unchanged.
 */
const ROW_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const TH_CLASS = `${Table.classes.th} mantine-Table-th`;
const TD_CLASS = `${Table.classes.td} mantine-Table-td`;

const withClass = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base);

/**
 * One row (memoised: while a long page is added slice by slice, the rows already shown are not rendered again).
 */
const DataTableRow = memo(function DataTableRow<Row, F extends string>({
  row,
  columns,
  actions,
  cards,
  highlighted,
}: DataTableRowProps<Row, F>) {
  const role = (name: string) => (cards ? name : undefined);
  return (
    <tr
      role={role('row')}
      className={withClass(ROW_CLASS, highlighted ? classes.highlighted : undefined)}
      data-with-row-border
      data-striped={cards ? undefined : 'odd'}
      data-hover={cards ? undefined : true}
    >
      {columns.map((column) => {
        const Cell = column.rowHeader ? 'th' : 'td';
        return (
          <Cell
            key={column.key}
            role={role(column.rowHeader ? 'rowheader' : 'cell')}
            scope={column.rowHeader ? 'row' : undefined}
            style={column.numeric && !cards ? { textAlign: 'right' } : undefined}
            className={column.rowHeader ? withClass(TH_CLASS, classes.rowHeader) : TD_CLASS}
            data-label={column.rowHeader ? undefined : column.header}
          >
            {column.cell(row)}
          </Cell>
        );
      })}
      {actions && (
        <td role={role('cell')} className={withClass(TD_CLASS, classes.actions)}>
          <Group gap="xs" wrap={cards ? 'wrap' : 'nowrap'}>
            {actions.of(row).map((action) => (
              <Button
                key={action.key}
                size="xs"
                variant={action.variant}
                color={action.color}
                disabled={action.disabled}
                aria-label={action.accessibleLabel}
                onClick={action.onClick}
              >
                {action.label}
              </Button>
            ))}
          </Group>
        </td>
      )}
    </tr>
  );
}) as <Row, F extends string>(props: DataTableRowProps<Row, F>) => ReactNode;

/** The table; see the module comment. */
export function DataTable<Row, F extends string = string>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  actions,
  pagination,
  busy = false,
  emptyText,
  highlighted,
  cardsBelow = '48em',
}: DataTableProps<Row, F>) {
  const { t } = useTranslation();
  const wide = useMediaQuery(`(min-width: ${cardsBelow})`, true, { getInitialValueInEffect: false });
  const cards = !wide;
  const loadingFirst = rows === undefined;
  // A page of 100 rows is added in slices (use-progressive-count.ts); the table says it is busy until all are in.
  const shown = useProgressiveCount(rows?.length ?? 0);
  const filling = rows !== undefined && shown < rows.length;
  const sortedColumn = sort && columns.find((column) => column.sortField === sort.field);
  const sortable = Boolean(sort && onSort && columns.some((column) => column.sortField));
  const columnCount = columns.length + (actions ? 1 : 0);
  // Cards lay the table out as blocks: explicit roles keep it a table for assistive technology.
  const role = (name: string) => (cards ? name : undefined);

  let body: ReactNode;
  if (loadingFirst || rows.length === 0) {
    body = (
      <Table.Tr role={role('row')}>
        <Table.Td colSpan={columnCount} role={role('cell')}>
          <Text ta="center" py="lg" c="dimmed">
            {loadingFirst ? t('common.loading') : emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows
      .slice(0, shown)
      .map((row) => (
        <DataTableRow
          key={rowKey(row)}
          row={row}
          columns={columns}
          actions={actions}
          cards={cards}
          highlighted={highlighted?.(row) ?? false}
        />
      ));
  }

  return (
    <>
      <div className={classes.frame}>
        <Table
          striped={!cards}
          highlightOnHover={!cards}
          captionSide="top"
          aria-busy={busy || loadingFirst || filling}
          className={classes.table}
          data-layout={cards ? 'cards' : 'table'}
          data-sortable={sortable || undefined}
          role={role('table')}
        >
          <Table.Caption className={captionHidden ? classes.hiddenCaption : classes.caption}>
            {caption}
            {sortedColumn && sort && (
              <VisuallyHidden>
                {' '}
                {t('dataTable.sortedBy', {
                  column: sortedColumn.header,
                  direction: t(sort.direction === 'asc' ? 'dataTable.ascending' : 'dataTable.descending'),
                })}
              </VisuallyHidden>
            )}
            {busy && !loadingFirst && (
              <>
                <Loader size={14} ml="xs" aria-hidden />
                <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
              </>
            )}
          </Table.Caption>
          <Table.Thead role={role('rowgroup')}>
            <Table.Tr role={role('row')}>
              {columns.map((column) => {
                const field = sort && onSort ? column.sortField : undefined;
                const direction = field && sort ? ariaSort(sort, field) : undefined;
                return (
                  <Table.Th
                    key={column.key}
                    role={role('columnheader')}
                    scope="col"
                    aria-sort={direction}
                    ta={column.numeric ? 'right' : undefined}
                    className={field ? classes.header : `${classes.header} ${classes.plainHeader}`}
                  >
                    {field && onSort ? (
                      <UnstyledButton className={classes.sortButton} onClick={() => onSort(field)}>
                        {column.header}
                        <SortIcon direction={direction} />
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
              {actions && (
                <Table.Th
                  role={role('columnheader')}
                  scope="col"
                  className={`${classes.header} ${classes.plainHeader}`}
                >
                  {actions.header}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody role={role('rowgroup')} className={busy && !loadingFirst ? classes.busy : undefined}>
            {body}
          </Table.Tbody>
        </Table>
      </div>
      {pagination && <PaginationNav {...pagination} />}
    </>
  );
}
