/**
 * Which page buttons a paginated table shows (spec section 9): the first page, the last page and the
 * pages within two of the current one, with an ellipsis wherever pages are left out.
 */

/** A page button, or an ellipsis standing for the pages left out on one side of the current page. */
export type PageItem = { type: 'page'; page: number } | { type: 'ellipsis'; side: 'start' | 'end' };

/** Pages shown on each side of the current one. */
export const PAGE_SIBLINGS = 2;

/**
 * The items for `page` of `totalPages` (none for no page). An ellipsis never hides a single page: that page
 * is shown instead, since a button takes no more room than the ellipsis.
 */
export function paginationItems(page: number, totalPages: number, siblings = PAGE_SIBLINGS): PageItem[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), totalPages);
  const from = Math.max(1, current - siblings);
  const to = Math.min(totalPages, current + siblings);
  const pages = new Set<number>([1, totalPages]);
  for (let p = from; p <= to; p += 1) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);

  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push({ type: 'page', page: p - 1 });
    else if (p - previous > 2) items.push({ type: 'ellipsis', side: p <= current ? 'start' : 'end' });
    items.push({ type: 'page', page: p });
    previous = p;
  }
  return items;
}
