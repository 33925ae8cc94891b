/**
 * How many items of a long list to render now: PROGRESSIVE_FIRST at once, then more after each painted frame, until
 * all `total` are. Committing a long list at once is one long task (the 100 rows of an admin table: over half a second
 * on a mid-range phone), during which the page answers nothing; in slices the first items show sooner and each task
 * stays short. Each slice is sized from the time the previous one took to render and commit on this device, aiming
 * at SLICE_MS, so a slow phone gets smaller slices and a desktop fills the list in a few frames. The count only
 * grows: a new page of the same list, or a list changed in place, is rendered whole (no item leaves the screen to
 * come back).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterNextPaint } from './after-next-paint';

/** Items rendered at once. */
export const PROGRESSIVE_FIRST = 12;
/** The time a slice should take to render and commit: well under the 50 ms of a long task, even 4 times slower. */
export const SLICE_MS = 10;
const MAX_STEP = 50;

export function useProgressiveCount(total: number): number {
  const [{ count, step }, setSlice] = useState({ count: PROGRESSIVE_FIRST, step: PROGRESSIVE_FIRST });
  // When this render started, and how long the last slice took from there to the end of its commit.
  const renderStarted = useRef(0);
  const sliceMs = useRef(SLICE_MS);
  renderStarted.current = performance.now();
  useLayoutEffect(() => {
    sliceMs.current = Math.max(1, performance.now() - renderStarted.current);
  });
  useEffect(() => {
    if (count >= total) return;
    return afterNextPaint(() => {
      const next = Math.min(MAX_STEP, Math.max(1, Math.round((step * SLICE_MS) / sliceMs.current)));
      setSlice((current) => ({ count: current.count + next, step: next }));
    });
  }, [count, step, total]);
  return Math.min(count, total);
}
