/**
 * The session (spec section 4): the token lives in local storage; at start, with a token, the
 * current user is loaded, and a failure clears the token. Guards, layouts and features read the
 * session through `useSession`; only the functions below change it.
 */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { User } from '@evmap/contract/users';
import { create } from 'zustand';
import { ApiError } from '@/lib/api-client';
import { getMe } from '@/lib/get-me';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'signed-in'; user: User };

const initialState = (): SessionState =>
  readStorage(STORAGE_KEYS.token) ? { status: 'loading', user: null } : { status: 'anonymous', user: null };

/** The session as a hook (`useSession((s) => s.user)`) and a store (`useSession.getState()`). */
export const useSession = create<SessionState>()(initialState);

const signOutListeners = new Set<() => void>();
// Each load gets a number; an answer that arrives after a newer sign-in or sign-out is dropped.
let generation = 0;

/**
 * Loads the user of the stored token; clears the token when the server refuses it (4xx). When the
 * server cannot be reached (offline, timeout, 5xx, a page left mid-call), the visit goes on signed out
 * but the token is kept for the next start: a network failure is no reason to lose the session.
 */
export async function loadSession(): Promise<void> {
  const current = ++generation;
  if (!readStorage(STORAGE_KEYS.token)) {
    useSession.setState({ status: 'anonymous', user: null });
    return;
  }
  useSession.setState((state) => (state.status === 'signed-in' ? state : { status: 'loading', user: null }));
  try {
    const user = await getMe();
    if (current === generation) useSession.setState({ status: 'signed-in', user });
  } catch (error) {
    if (current !== generation) return;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) removeStorage(STORAGE_KEYS.token);
    useSession.setState({ status: 'anonymous', user: null });
  }
}

/** Starts a session from a sign-in, sign-up or password change answer. */
export function signIn({ jwt, user }: { jwt: string; user: User }): void {
  generation++;
  writeStorage(STORAGE_KEYS.token, jwt);
  useSession.setState({ status: 'signed-in', user });
}

/** Replaces the signed-in user after the server changed it (verification, profile update). */
export function setUser(user: User): void {
  if (useSession.getState().status === 'signed-in') useSession.setState({ status: 'signed-in', user });
}

/** Ends the session: forgets the token and the user, and tells the listeners (cached data is cleared). */
export function signOut(): void {
  generation++;
  removeStorage(STORAGE_KEYS.token);
  useSession.setState({ status: 'anonymous', user: null });
  for (const listener of signOutListeners) listener();
}

/** Calls `listener` after every sign-out; returns the unsubscribe function. */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** Keeps tabs in step: signing in or out in another tab reloads the session here. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
    if (readStorage(STORAGE_KEYS.token)) void loadSession();
    else if (useSession.getState().status !== 'anonymous') signOut();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
