/**
 * The sort cycle of the admin tables (spec section 9): a first click on a column header sorts it
 * ascending, a second descending, a third goes back to the default order (id descending).
 */

import type { SORT_DIRECTIONS } from '@evmap/contract/table-query';

/**
 * Ascending or descending, as the lists' parameter (table-query.ts); the default order is a sort of its own
 * (`DEFAULT_SORT`), not a third direction.
 */
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The column a table is sorted by, and how. */
export type SortState<F extends string = string> = { field: F; direction: SortDirection };

/** The order of the admin lists when nothing else was asked. */
export const DEFAULT_SORT = { field: 'id', direction: 'desc' } as const satisfies SortState<'id'>;

/**
 * The sort after a click on the header of `clicked`. The default column cycles between its two directions,
 * since going "back to the default" would leave it unchanged.
 */
export function nextSort<F extends string>(
  current: SortState<F>,
  clicked: F,
  defaultSort: SortState<F> = DEFAULT_SORT as SortState<F>,
): SortState<F> {
  if (current.field !== clicked) return { field: clicked, direction: 'asc' };
  if (current.direction === 'asc') return { field: clicked, direction: 'desc' };
  if (defaultSort.field === clicked && defaultSort.direction === 'desc') return { field: clicked, direction: 'asc' };
  return { ...defaultSort };
}

/** The `aria-sort` of a column header: only the sorted column has one. */
export function ariaSort<F extends string>(sort: SortState<F>, field: F): 'ascending' | 'descending' | undefined {
  if (sort.field !== field) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}
