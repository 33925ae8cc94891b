/**
 * localStorage that never throws: storage can be disabled or full (private browsing, strict
 * privacy settings), and the app must keep working with in-memory defaults then.
 */

/** The stored value for `key`, or null when absent or when storage is unavailable. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; returns false when storage is unavailable. */
export function writeStorage(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
