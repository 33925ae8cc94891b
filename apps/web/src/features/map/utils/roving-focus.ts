/**
 * The keyboard order of the map's markers: one tab stop for all of them (Tab enters and leaves the map in one
 * step), the arrow keys moving between the markers in view in reading order, top to bottom and left to right.
 */

/** A marker in view, at its position in pixels from the map's top left corner. */
export type FocusItem<K> = { key: K; x: number; y: number };

/** Markers whose positions differ by less than this (px) vertically are read as one row, left to right. */
export const ROW_HEIGHT = 40;

const rowOf = (y: number) => Math.floor(y / ROW_HEIGHT);

/** -1, 0 or 1 as `a` comes before, with or after `b` in reading order. */
function compare<K>(a: FocusItem<K>, b: FocusItem<K>): number {
  return rowOf(a.y) - rowOf(b.y) || a.x - b.x || a.y - b.y;
}

/** The items in reading order (a new array). */
export function readingOrder<K>(items: readonly FocusItem<K>[]): FocusItem<K>[] {
  return [...items].sort(compare);
}

/** The first item in reading order (the map's tab stop when none was chosen yet), without sorting them all. */
export function firstInOrder<K>(items: readonly FocusItem<K>[]): FocusItem<K> | undefined {
  let first: FocusItem<K> | undefined;
  for (const item of items) if (!first || compare(item, first) < 0) first = item;
  return first;
}

/**
 * The index to move to from `current` (of `count` items) for `key`: the next one for ArrowRight and ArrowDown,
 * the previous one for ArrowLeft and ArrowUp (both wrapping around), the first for Home, the last for End;
 * null for any other key. An unknown current position (-1) starts from the first or the last.
 */
export function moveIndex(count: number, current: number, key: string): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
