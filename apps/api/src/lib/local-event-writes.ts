/**
 * When this process last wrote events (eventsChanged, inside the write's transaction). The marker cache serves
 * answers without reading the events version only while no notification is pending; a write of this process is
 * notified at its commit, a few milliseconds later, so for a short while after it the cache reads the version
 * anyway: a client reading right after its own write on this instance always sees it.
 */
let last = Number.NEGATIVE_INFINITY;

/** How long after a local write the version is read for every request (a transaction commits well within it). */
export const LOCAL_WRITE_GRACE_MS = 2000;

export function markLocalEventWrite(now = Date.now()): void {
  last = now;
}

/** True when this process wrote events within the grace period. */
export function recentLocalEventWrite(now = Date.now()): boolean {
  return now - last < LOCAL_WRITE_GRACE_MS;
}
