/**
 * How far V8 lets the old generation grow past what its last full collection kept before it starts the next one.
 * V8 picks that factor for throughput: it aims at 97% of the time for the program, so with the ~80 MB an instance
 * keeps live (code, the search and marker caches) and cheap collections it started one every 300-500 ms of a busy
 * search (used 80 → 85-91 MB each time), and each full collection slowed the two or three requests it overlapped by
 * 10-25 ms: the uncached text searches' p99 went over their 30 ms target in a full `npm run bench`, from those alone.
 * A factor of 2 (`--heap-growing-percent=100`) halved the full collections there and brought both p99s to 16-21 ms
 * (docs/search-speed.md), for a heap that may reach twice its live size between two collections (~160 MB).
 *
 * Set from the code rather than the command line, so that every way of starting the server gets it (npm start,
 * a supervisor's `node apps/api/dist/server.js`, the bench); a V8 that no longer knows the flag prints a warning and
 * goes on with its own factor (heap-growth.test.ts tells when that happens).
 */
import v8 from 'node:v8';

export const HEAP_GROWING_FLAG = '--heap-growing-percent=100';

export function growHeapForLatency(): void {
  v8.setFlagsFromString(HEAP_GROWING_FLAG);
}
