import { describe, expect, it } from 'vitest';
import { type PageItem, paginationItems } from './pagination-model';

/** The items as the buttons read: numbers, and … for an ellipsis. */
const shown = (items: PageItem[]) => items.map((item) => (item.type === 'page' ? item.page : '…'));

describe('paginationItems', () => {
  it('shows nothing for no page, and the single page alone', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(shown(paginationItems(1, 1))).toEqual([1]);
  });

  it('shows every page when they all fit around the current one', () => {
    expect(shown(paginationItems(3, 5))).toEqual([1, 2, 3, 4, 5]);
    expect(shown(paginationItems(1, 2))).toEqual([1, 2]);
  });

  it('at the start: the first pages, an ellipsis, the last', () => {
    expect(shown(paginationItems(1, 20))).toEqual([1, 2, 3, '…', 20]);
    expect(shown(paginationItems(3, 20))).toEqual([1, 2, 3, 4, 5, '…', 20]);
  });

  it('in the middle: the first, an ellipsis, two pages each side, an ellipsis, the last', () => {
    const items = paginationItems(10, 20);
    expect(shown(items)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
    expect(items.filter((item) => item.type === 'ellipsis')).toEqual([
      { type: 'ellipsis', side: 'start' },
      { type: 'ellipsis', side: 'end' },
    ]);
  });

  it('at the end: the first, an ellipsis, the last pages', () => {
    expect(shown(paginationItems(20, 20))).toEqual([1, '…', 18, 19, 20]);
    expect(shown(paginationItems(17, 20))).toEqual([1, '…', 15, 16, 17, 18, 19, 20]);
  });

  it('never hides a single page behind an ellipsis', () => {
    expect(shown(paginationItems(5, 20))).toEqual([1, 2, 3, 4, 5, 6, 7, '…', 20]);
    expect(shown(paginationItems(6, 20))).toEqual([1, '…', 4, 5, 6, 7, 8, '…', 20]);
    expect(shown(paginationItems(16, 20))).toEqual([1, '…', 14, 15, 16, 17, 18, 19, 20]);
  });

  it('brings a page out of range back inside', () => {
    expect(shown(paginationItems(99, 5))).toEqual([1, 2, 3, 4, 5]);
    expect(shown(paginationItems(0, 20))).toEqual([1, 2, 3, '…', 20]);
    expect(shown(paginationItems(Number.NaN, 3))).toEqual([1, 2, 3]);
  });
});
