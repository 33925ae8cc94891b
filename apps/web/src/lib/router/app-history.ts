/**
 * The app's history: React Router's browser (or, in tests, memory) history with what the app needs from a router
 * besides matching URLs, so that it can run React Router's declarative router rather than its data router (whose
 * loaders, actions and fetchers the app never used: 19 KB gzipped of every page's scripts, and its set-up at start).
 *
 * - A blocker (`useBlocker` of use-blocker.ts): while one says so, a navigation in the app (a link, `navigate()`,
 *   the back and forward buttons) waits until it is let through or dropped. Back and forward have already moved the
 *   browser when the page hears of them: the history moves it back, and forward again if the navigation is let
 *   through.
 * - `flushSync`: a navigation asked with `{ flushSync: true }` is rendered before `navigate()` returns (the sign-out
 *   leaves the signed-in pages before the session ends), the others in a transition (app/app-router.tsx).
 */
import { type Location, NavigationType, type To, type UNSAFE_createBrowserHistory } from 'react-router';

/** React Router's history (browser or memory). */
export type BaseHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** A change of location, as the history tells its listener. */
export type HistoryUpdate = { action: NavigationType; location: Location; delta: number | null; flushSync: boolean };

/** Asked before each navigation: true keeps the page where it is until the navigation is let through or dropped. */
export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: NavigationType;
}) => boolean;

/** A navigation held by the blocker, or none. */
export type BlockedNavigation = { proceed: () => void; reset: () => void } | null;

export type AppHistory = Omit<BaseHistory, 'listen' | 'push' | 'replace'> & {
  /** A new entry (React Router passes the navigation's options third). */
  push: (to: To, state?: unknown, options?: NavigateOptions) => void;
  replace: (to: To, state?: unknown, options?: NavigateOptions) => void;
  /** Hears every change of location the app shows (one listener: the app's router). */
  listen: (listener: (update: HistoryUpdate) => void) => () => void;
  /** Sets the blocker (one at a time); returns what removes it. */
  block: (blocker: BlockerFunction) => () => void;
  /** The navigation held now, and a way to hear when that changes (for `useSyncExternalStore`). */
  blocked: () => BlockedNavigation;
  subscribeBlocked: (listener: () => void) => () => void;
};

/** What the history reads of a navigation's options. */
export type NavigateOptions = { flushSync?: boolean };

/** `base` with a blocker and `flushSync` (see above); `base` must be created with `v5Compat: true`. */
export function createAppHistory(base: BaseHistory): AppHistory {
  let listener: ((update: HistoryUpdate) => void) | null = null;
  let blocker: BlockerFunction | null = null;
  let held: BlockedNavigation = null;
  const blockedListeners = new Set<() => void>();
  // The location shown: back and forward have moved the browser before the blocker is asked.
  let shown = base.location;
  // A move of the browser made here to undo (or redo) a back or forward, not to be told to the app.
  let ownMoves = 0;
  let flushNext = false;

  const setHeld = (next: BlockedNavigation) => {
    held = next;
    for (const notify of blockedListeners) notify();
  };

  /** Whether the blocker holds the navigation to `nextLocation`; if so `go` is kept for `proceed`. */
  const holds = (nextLocation: Location, historyAction: NavigationType, go: () => void, undo?: () => void) => {
    if (!blocker?.({ currentLocation: shown, nextLocation, historyAction })) return false;
    undo?.();
    setHeld({
      proceed: () => {
        setHeld(null);
        const previous = blocker;
        blocker = null;
        try {
          go();
        } finally {
          blocker = previous;
        }
      },
      reset: () => setHeld(null),
    });
    return true;
  };

  base.listen(({ action, location, delta }) => {
    if (ownMoves > 0) {
      ownMoves -= 1;
      return;
    }
    if (action === NavigationType.Pop && delta !== null && delta !== 0) {
      const blockedPop = holds(
        location,
        action,
        () => {
          ownMoves += 1;
          base.go(delta);
          shown = location;
          listener?.({ action, location, delta, flushSync: false });
        },
        () => {
          ownMoves += 1;
          base.go(-delta);
        },
      );
      if (blockedPop) return;
    }
    shown = location;
    const flushSync = flushNext;
    flushNext = false;
    listener?.({ action, location, delta, flushSync });
  });

  const navigate = (method: 'push' | 'replace', to: To, state: unknown, options?: NavigateOptions) => {
    const action = method === 'push' ? NavigationType.Push : NavigationType.Replace;
    const run = () => {
      flushNext = options?.flushSync === true;
      base[method](to, state);
    };
    const next = { ...shown, ...(typeof to === 'string' ? pathOf(to, base) : to), state: state ?? null, key: '' };
    if (!holds(next as Location, action, run)) run();
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    listen(fn) {
      listener = fn;
      return () => {
        if (listener === fn) listener = null;
      };
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: (to, state, options?: NavigateOptions) => navigate('push', to, state, options),
    replace: (to, state, options?: NavigateOptions) => navigate('replace', to, state, options),
    go: (delta) => base.go(delta),
    block(next) {
      blocker = next;
      return () => {
        if (blocker === next) {
          blocker = null;
          if (held) setHeld(null);
        }
      };
    },
    blocked: () => held,
    subscribeBlocked(notify) {
      blockedListeners.add(notify);
      return () => blockedListeners.delete(notify);
    },
  } as AppHistory;
}

/** The path parts of `to` (a string relative to the location shown, as React Router resolves it before pushing). */
function pathOf(to: string, base: BaseHistory) {
  const url = base.createURL(to);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}
