/**
 * How many items of a long list to render now: `first` at once, then `step` more after each painted frame, until
 * all `total` are. Committing a long list at once is one long task (the 100 rows of an admin table, or an
 * organiser's 60 event cards: a few hundred milliseconds on a mid-range phone), during which the page answers
 * nothing; in slices the first items show sooner and each task stays short. The count only grows: a new page of
 * the same list, or a list changed in place, is rendered whole (no item leaves the screen to come back).
 */
import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-next-paint';

/** Items rendered at once, then added per frame: each slice commits in well under 50 ms on a slow phone. */
export const PROGRESSIVE_FIRST = 12;
export const PROGRESSIVE_STEP = 12;

export function useProgressiveCount(total: number, first = PROGRESSIVE_FIRST, step = PROGRESSIVE_STEP): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    return afterNextPaint(() => setCount((current) => current + step));
  }, [count, total, step]);
  return Math.min(count, total);
}
