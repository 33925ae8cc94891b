/**
 * On a phone, the overlays of a first visit come one at a time (issue 27): stacked, the cookie banner, the location
 * prompt and the install banner covered about 80% of the map and hid the categories. Each overlay says whether it
 * wants to show; on a narrow window only the most important one waiting shows, in this order: the cookie banner
 * (consent comes first), the location prompt, the install banner (the least important, last). On a wider window
 * they do not cover each other or the pickers, and all show at once.
 */
import { useEffect, useSyncExternalStore } from 'react';

export const OVERLAY_ORDER = ['cookies', 'location', 'install'] as const;
export type Overlay = (typeof OVERLAY_ORDER)[number];

/** Narrow windows (phones), where overlays take turns: the theme's `sm` breakpoint. */
export const ONE_AT_A_TIME_QUERY = '(max-width: 47.99em)';

const waiting = new Set<Overlay>();
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const firstWaiting = (): Overlay | null => OVERLAY_ORDER.find((overlay) => waiting.has(overlay)) ?? null;

function subscribeToWidth(listener: () => void) {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(ONE_AT_A_TIME_QUERY) : null;
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}
const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(ONE_AT_A_TIME_QUERY).matches;

/**
 * Whether `overlay`, which wants to show (`wants`), may show now. While it wants to, it holds its place in the
 * queue; answering it (wants turns false) or leaving its page gives the turn to the next one.
 */
export function useOverlayTurn(overlay: Overlay, wants: boolean): boolean {
  const first = useSyncExternalStore(subscribe, firstWaiting, () => null);
  const narrow = useSyncExternalStore(subscribeToWidth, isNarrow, () => false);
  useEffect(() => {
    if (!wants) return;
    waiting.add(overlay);
    notify();
    return () => {
      waiting.delete(overlay);
      notify();
    };
  }, [overlay, wants]);
  // Before its effect has run, an overlay does not know its turn: the first one still shows on the first render.
  return wants && (!narrow || first === overlay || (first === null && overlay === OVERLAY_ORDER[0]));
}
