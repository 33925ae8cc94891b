import { describe, expect, it } from 'vitest';
import { groupKey, groupNearby } from './marker-groups';

describe('markers at one place', () => {
  it('groups markers at the same or nearly the same place and leaves the others alone', () => {
    const groups = groupNearby(
      [
        { id: 3, x: 100, y: 100 },
        { id: 1, x: 100, y: 100 },
        { id: 7, x: 400, y: 100 },
        { id: 2, x: 110, y: 95 },
        { id: 5, x: 100, y: 200 },
      ],
      40,
    );
    expect(groups).toEqual([[1, 2, 3], [5], [7]]);
  });

  it('anchors a group on its smallest id whatever the input order, so it stays the same between updates', () => {
    const items = [
      { id: 9, x: 0, y: 0 },
      { id: 4, x: 30, y: 0 },
      { id: 6, x: 60, y: 0 },
    ];
    const forward = groupNearby(items, 40);
    const backward = groupNearby([...items].reverse(), 40);
    expect(forward).toEqual(backward);
    // 4 leads; 9 is 30 px from it, 6 as well: one group. A chain further away does not join.
    expect(forward).toEqual([[4, 6, 9]]);
    expect(groupNearby([...items, { id: 1, x: 90, y: 0 }], 40)).toEqual([
      [1, 6],
      [4, 9],
    ]);
  });

  it('finds neighbours across grid cells, and measures the distance, not the cell', () => {
    expect(
      groupNearby(
        [
          { id: 1, x: 39, y: 39 },
          { id: 2, x: 41, y: 41 },
        ],
        40,
      ),
    ).toEqual([[1, 2]]);
    // Both in neighbouring cells but 56 px apart diagonally.
    expect(
      groupNearby(
        [
          { id: 1, x: 0, y: 0 },
          { id: 2, x: 40, y: 40 },
        ],
        40,
      ),
    ).toEqual([[1], [2]]);
    expect(groupNearby([], 40)).toEqual([]);
  });

  it('keys a group by its ids', () => {
    expect(groupKey([1, 2, 3])).toBe('1,2,3');
  });
});
