/**
 * The remembered location choice (spec section 4): the position (null after a refusal or an
 * error) and when it was chosen; the prompt comes back when nothing is stored or after 3 months.
 */
import { STORAGE_KEYS, STORED_LOCATION_VALID_MONTHS } from '@evmap/contract/constants';
import { readJsonStorage, writeJsonStorage } from '@/lib/storage';

export type StoredLocation = { location: { lat: number; lng: number } | null; date: string };

function isStoredLocation(value: unknown): value is StoredLocation {
  if (typeof value !== 'object' || value === null) return false;
  const { location, date } = value as Partial<StoredLocation>;
  if (typeof date !== 'string' || Number.isNaN(Date.parse(date))) return false;
  return location === null || (typeof location?.lat === 'number' && typeof location.lng === 'number');
}

/** The stored choice when still valid (chosen less than 3 months before `now`), else null. */
export function validStoredLocation(value: unknown, now = new Date()): StoredLocation | null {
  if (!isStoredLocation(value)) return null;
  const expires = new Date(value.date);
  expires.setMonth(expires.getMonth() + STORED_LOCATION_VALID_MONTHS);
  return now < expires ? value : null;
}

/** The valid stored choice from local storage. */
export function readStoredLocation(): StoredLocation | null {
  return validStoredLocation(readJsonStorage(STORAGE_KEYS.location));
}

/** Remembers a choice (null: refused or failed). */
export function storeLocation(location: StoredLocation['location'], now = new Date()): void {
  writeJsonStorage(STORAGE_KEYS.location, { location, date: now.toISOString() });
}
