/**
 * React Router's `useBlocker`, for the app's declarative router (app-history.ts): while `shouldBlock` says so, a
 * navigation waits (`state: 'blocked'`) until `proceed()` lets it through or `reset()` drops it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { BlockerFunction } from './app-history';
import { useAppHistory } from './history-context';

export type { BlockerFunction };

export type Blocker =
  | { state: 'unblocked'; proceed: undefined; reset: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined };

export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const history = useAppHistory();
  useEffect(() => history.block(shouldBlock), [history, shouldBlock]);
  const held = useSyncExternalStore(history.subscribeBlocked, history.blocked, history.blocked);
  return held ? { state: 'blocked', proceed: held.proceed, reset: held.reset } : UNBLOCKED;
}
