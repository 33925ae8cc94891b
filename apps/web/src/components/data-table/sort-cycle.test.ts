import { describe, expect, it } from 'vitest';
import { ariaSort, DEFAULT_SORT, nextSort, type SortState } from './sort-cycle';

type Field = 'id' | 'titleFr' | 'city';

describe('nextSort', () => {
  it('first click ascending, second descending, third back to id descending', () => {
    const first = nextSort<Field>(DEFAULT_SORT, 'titleFr');
    expect(first).toEqual({ field: 'titleFr', direction: 'asc' });
    const second = nextSort<Field>(first, 'titleFr');
    expect(second).toEqual({ field: 'titleFr', direction: 'desc' });
    expect(nextSort<Field>(second, 'titleFr')).toEqual({ field: 'id', direction: 'desc' });
  });

  it('a click on another column starts that column ascending', () => {
    expect(nextSort<Field>({ field: 'titleFr', direction: 'desc' }, 'city')).toEqual({
      field: 'city',
      direction: 'asc',
    });
  });

  it('the id column, sorted descending by default, goes ascending then back', () => {
    const first = nextSort<Field>(DEFAULT_SORT, 'id');
    expect(first).toEqual({ field: 'id', direction: 'asc' });
    expect(nextSort<Field>(first, 'id')).toEqual(DEFAULT_SORT);
  });

  it('follows another default order when given one', () => {
    const byName: SortState<Field> = { field: 'titleFr', direction: 'asc' };
    expect(nextSort<Field>({ field: 'city', direction: 'desc' }, 'city', byName)).toEqual(byName);
  });
});

describe('ariaSort', () => {
  it('marks only the sorted column', () => {
    const sort: SortState<Field> = { field: 'city', direction: 'asc' };
    expect(ariaSort(sort, 'city')).toBe('ascending');
    expect(ariaSort({ ...sort, direction: 'desc' }, 'city')).toBe('descending');
    expect(ariaSort(sort, 'id')).toBeUndefined();
  });
});
