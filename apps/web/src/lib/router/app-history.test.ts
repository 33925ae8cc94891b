import { UNSAFE_createMemoryHistory } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type BlockerFunction, createAppHistory, type HistoryUpdate } from './app-history';

/** The app's history in memory at `entries` (the last one shown), and what its listener heard. */
function setUp(entries: string[]) {
  const history = createAppHistory(
    UNSAFE_createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1, v5Compat: true }),
  );
  const heard: Array<Pick<HistoryUpdate, 'action' | 'flushSync'> & { path: string }> = [];
  history.listen(({ action, location, flushSync }) =>
    heard.push({ action, flushSync, path: `${location.pathname}${location.search}` }),
  );
  const path = () => `${history.location.pathname}${history.location.search}`;
  return { history, heard, path };
}

describe("the app's history", () => {
  it('tells its listener every navigation, with the state given and whether to render it at once', () => {
    const { history, heard, path } = setUp(['/']);
    history.push({ pathname: '/profile' }, { from: 'marker' });
    expect(history.location.state).toEqual({ from: 'marker' });
    history.replace('/profile/me?tab=2', undefined, { flushSync: true });
    history.go(-1);
    expect(path()).toBe('/');
    expect(heard).toEqual([
      { action: 'PUSH', flushSync: false, path: '/profile' },
      { action: 'REPLACE', flushSync: true, path: '/profile/me?tab=2' },
      { action: 'POP', flushSync: false, path: '/' },
    ]);
  });

  it('holds a link or navigate() while its blocker says so, until let through or dropped', () => {
    const { history, heard, path } = setUp(['/profile/events/create']);
    const asked: string[] = [];
    const blocker: BlockerFunction = ({ currentLocation, nextLocation, historyAction }) => {
      asked.push(`${historyAction} ${currentLocation.pathname} -> ${nextLocation.pathname}`);
      return currentLocation.pathname !== nextLocation.pathname;
    };
    const unblock = history.block(blocker);
    history.push('/profile', undefined);
    expect(asked).toEqual(['PUSH /profile/events/create -> /profile']);
    expect(path()).toBe('/profile/events/create');
    expect(heard).toEqual([]);
    // Dropped: nothing happens; let through: the navigation asked for, without asking again.
    history.blocked()?.reset();
    expect(history.blocked()).toBeNull();
    history.push('/profile', undefined);
    history.blocked()?.proceed();
    expect(path()).toBe('/profile');
    expect(heard).toEqual([{ action: 'PUSH', flushSync: false, path: '/profile' }]);
    expect(asked).toHaveLength(2);
    // A navigation the blocker lets pass, and any once it is removed.
    history.replace('/profile?page=2', undefined);
    unblock();
    history.push('/', undefined);
    expect(heard.map((update) => update.path)).toEqual(['/profile', '/profile?page=2', '/']);
  });

  it('puts the browser back where it was when back or forward is held, and moves it again when let through', () => {
    const { history, heard, path } = setUp(['/', '/profile', '/profile/events/create']);
    history.block(({ currentLocation }) => currentLocation.pathname === '/profile/events/create');
    history.go(-2);
    // The move back was undone: the page and the browser's entry are the form's, and the app heard nothing.
    expect(path()).toBe('/profile/events/create');
    expect(heard).toEqual([]);
    const held = history.blocked();
    expect(held).not.toBeNull();
    held?.proceed();
    expect(path()).toBe('/');
    expect(heard).toEqual([{ action: 'POP', flushSync: false, path: '/' }]);
    expect(history.blocked()).toBeNull();
    // Forward again, from a page the blocker lets go.
    history.go(1);
    expect(path()).toBe('/profile');
  });

  it('lets a held navigation go when its blocker is removed (the form unmounts)', () => {
    const { history } = setUp(['/a']);
    const unblock = history.block(() => true);
    const changes: Array<unknown> = [];
    history.subscribeBlocked(() => changes.push(history.blocked()));
    history.push('/b', undefined);
    expect(changes).toHaveLength(1);
    unblock();
    expect(history.blocked()).toBeNull();
    expect(changes).toEqual([expect.anything(), null]);
  });
});
