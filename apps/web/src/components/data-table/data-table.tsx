/**
 * A server-sorted table of one page of rows: a caption, column headers that sort by their column on a
 * click (a button inside the header cell, with `aria-sort` on the sorted one), a busy state that keeps
 * the rows on screen while the next page loads, and an empty state. It never sorts or pages rows itself.
 */
import { Loader, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import classes from './data-table.module.css';
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
  /** This column names the row (a `th scope="row"` cell). */
  rowHeader?: boolean;
};

export type DataTableProps<Row, F extends string = string> = {
  /** Names the table for assistive technology (and shows above it). */
  caption: ReactNode;
  columns: DataTableColumn<Row, F>[];
  /** The rows of the current page; undefined before the first answer. */
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  sort: SortState<F>;
  onSort: (field: F) => void;
  /** A request is under way: the rows shown (the previous page) stay, dimmed, until it answers. */
  busy?: boolean;
  /** Shown instead of rows when the page is empty. */
  emptyText: string;
  /** Rows to stand out (deleted ones): a tinted background. */
  highlighted?: (row: Row) => boolean;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
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

/** The table; see the module comment. */
export function DataTable<Row, F extends string = string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  busy = false,
  emptyText,
  highlighted,
  minWidth = 720,
}: DataTableProps<Row, F>) {
  const { t } = useTranslation();
  const loadingFirst = rows === undefined;
  const sortedColumn = columns.find((column) => column.sortField === sort.field);

  let body: ReactNode;
  if (loadingFirst || rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text ta="center" py="lg" c="dimmed">
            {loadingFirst ? t('common.loading') : emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => (
      <Table.Tr key={rowKey(row)} className={highlighted?.(row) ? classes.highlighted : undefined}>
        {columns.map((column) => {
          const Cell = column.rowHeader ? Table.Th : Table.Td;
          return (
            <Cell
              key={column.key}
              scope={column.rowHeader ? 'row' : undefined}
              ta={column.numeric ? 'right' : undefined}
              className={column.rowHeader ? classes.rowHeader : undefined}
            >
              {column.cell(row)}
            </Cell>
          );
        })}
      </Table.Tr>
    ));
  }

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover captionSide="top" aria-busy={busy || loadingFirst} className={classes.table}>
        <Table.Caption className={classes.caption}>
          {caption}
          {sortedColumn && (
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
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const field = column.sortField;
              const direction = field ? ariaSort(sort, field) : undefined;
              return (
                <Table.Th
                  key={column.key}
                  scope="col"
                  aria-sort={direction}
                  ta={column.numeric ? 'right' : undefined}
                  className={classes.header}
                >
                  {field ? (
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
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody className={busy && !loadingFirst ? classes.busy : undefined}>{body}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
