/** Local storage values the app reads, for journeys that start from a given state. */
import { COOKIE_BANNER, STORAGE_KEYS } from '@evmap/contract/constants';

/** The cookie banner, the welcome message and the location prompt already answered: nothing covers the page. */
export function settledStorage(extra: Record<string, string> = {}): Record<string, string> {
  return {
    [STORAGE_KEYS.cookies]: JSON.stringify({ version: COOKIE_BANNER.version, accepted: true, date: Date.now() }),
    [STORAGE_KEYS.welcome]: new Date().toISOString(),
    // The location prompt of the map already answered (refused).
    [STORAGE_KEYS.location]: JSON.stringify({ location: null, date: new Date().toISOString() }),
    ...extra,
  };
}

/** A signed-in browser: the token of `jwt`, with nothing covering the page. */
export function signedInStorage(jwt: string): Record<string, string> {
  return settledStorage({ [STORAGE_KEYS.token]: jwt });
}
