/** The anonymous session id sent as `X-Session-Id`: one uuid per browser, kept in localStorage. */
import { STORAGE_KEYS } from '@evmap/contract/constants';
import { isUuid } from '@evmap/contract/uuid';
import { readStorage, writeStorage } from '@/lib/storage';

let memory: string | undefined;

/** A random version-4 uuid. */
export function randomUuid(): string {
  // crypto.randomUUID exists only in secure contexts (https, localhost); getRandomValues works everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This browser's session id, created and stored on first use (kept in memory when storage is unavailable). */
export function sessionId(): string {
  const stored = readStorage(STORAGE_KEYS.sessionId);
  if (isUuid(stored)) return stored;
  memory ??= randomUuid();
  writeStorage(STORAGE_KEYS.sessionId, memory);
  return memory;
}
