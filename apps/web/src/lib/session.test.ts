import { isPendingVerification } from '@evmap/contract/account-rules';
import { STORAGE_KEYS } from '@evmap/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSession, onSignOut, signIn, signOut, useSession } from './session';

const store = new Map<string, string>();
const user = {
  id: 7,
  email: 'org@example.ca',
  unverifiedEmail: null,
  type: 'event-manager',
  isAdmin: false,
} as unknown as Parameters<typeof signIn>[0]['user'];

beforeEach(() => {
  store.clear();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
  });
  useSession.setState({ status: 'anonymous', user: null });
});
afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body, { status })),
  );

describe('session', () => {
  it('stays signed out without a token, without calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await loadSession();
    expect(useSession.getState()).toEqual({ status: 'anonymous', user: null });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads the current user of a stored token', async () => {
    store.set(STORAGE_KEYS.token, 'jwt');
    answer(200, { user });
    await loadSession();
    expect(useSession.getState()).toEqual({ status: 'signed-in', user });
  });

  it('clears the token when the user cannot be loaded', async () => {
    store.set(STORAGE_KEYS.token, 'expired');
    answer(401, { errors: { global: 'You must be signed in' } });
    await loadSession();
    expect(useSession.getState().status).toBe('anonymous');
    expect(store.has(STORAGE_KEYS.token)).toBe(false);
  });

  it('keeps the token when the server cannot be reached, for the next start', async () => {
    store.set(STORAGE_KEYS.token, 'jwt');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await loadSession();
    expect(useSession.getState().status).toBe('anonymous');
    expect(store.get(STORAGE_KEYS.token)).toBe('jwt');
  });

  it('keeps a sign-in that happened while an older token was being checked', async () => {
    store.set(STORAGE_KEYS.token, 'old');
    answer(401, { errors: { global: 'You must be signed in' } });
    const loading = loadSession();
    signIn({ jwt: 'new', user });
    await loading;
    expect(useSession.getState().status).toBe('signed-in');
    expect(store.get(STORAGE_KEYS.token)).toBe('new');
  });

  it('signs in and out through local storage, and tells the listeners', () => {
    const listener = vi.fn();
    const stop = onSignOut(listener);
    signIn({ jwt: 'jwt', user });
    expect(store.get(STORAGE_KEYS.token)).toBe('jwt');
    signOut();
    expect(store.has(STORAGE_KEYS.token)).toBe(false);
    expect(useSession.getState()).toEqual({ status: 'anonymous', user: null });
    expect(listener).toHaveBeenCalledOnce();
    stop();
  });
});

describe('isPendingVerification', () => {
  const base = { type: 'event-manager' as const, isAdmin: false, email: 'org@example.ca' };

  it('is true for an event-manager whose first address is not verified', () => {
    expect(isPendingVerification({ ...base, unverifiedEmail: 'org@example.ca' })).toBe(true);
  });

  it('is false for an email change, a verified address, a viewer or an admin', () => {
    expect(isPendingVerification({ ...base, unverifiedEmail: 'new@example.ca' })).toBe(false);
    expect(isPendingVerification({ ...base, unverifiedEmail: null })).toBe(false);
    expect(isPendingVerification({ ...base, type: 'viewer', unverifiedEmail: 'org@example.ca' })).toBe(false);
    expect(isPendingVerification({ ...base, isAdmin: true, unverifiedEmail: 'org@example.ca' })).toBe(false);
  });
});
