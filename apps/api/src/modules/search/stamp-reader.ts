/**
 * Reads the events version for every search, sharing one query among the requests that arrive in the
 * same turn of the event loop. Strict: a request only shares a query sent *after* it arrived, so the
 * version it sees includes every write committed before it arrived, on this instance or any other.
 */
import type { Stamp } from './search.repository';

export class StampReader {
  private next: Promise<Stamp> | undefined;

  constructor(private readonly read: () => Promise<Stamp>) {}

  /** The version as of a moment after this call. */
  current(): Promise<Stamp> {
    if (this.next) return this.next;
    const next = new Promise<Stamp>((resolve, reject) => {
      setImmediate(() => {
        // From here on, newcomers wait for the following query: this one is being sent now.
        this.next = undefined;
        this.read().then(resolve, reject);
      });
    });
    this.next = next;
    return next;
  }
}
