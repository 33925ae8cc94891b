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

/** Removes `key`; does nothing when storage is unavailable. */
export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing to remove
  }
}

/** The stored JSON value under `key`, or null when absent, unreadable or not JSON. */
export function readJsonStorage(key: string): unknown {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; returns false when storage is unavailable. */
export function writeJsonStorage(key: string, value: unknown): boolean {
  return writeStorage(key, JSON.stringify(value));
}
