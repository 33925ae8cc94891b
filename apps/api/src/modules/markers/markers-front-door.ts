/**
 * The front door of cached marker answers (issue 23): a marker answer already sent once for an address is sent again
 * straight from Node's `request` event, before Fastify routes, validates, hooks and logs the request, while the
 * markers service says, without any database query, that the cached answer is still the one it would give.
 *
 * A marker answer is the same bytes for every visitor of a tile, so this is what a CDN in front would do, inside the
 * process: a popular tile costs what a bare `node:http` server sending the same bytes costs (the bench compares them).
 * It remembers only what Fastify itself answered: the exact address (Fastify validated it), and every header the
 * whole pipeline set on that answer (security headers included), so both ways give the same answer; a test compares
 * them. Anything else goes to Fastify:
 * - another method, a request with a body, an address never answered 200;
 * - an answer the service no longer holds as current (a change touched it, notifications are down, a write of this
 *   process just happened, "now");
 * - a compressed copy not made yet;
 * - while the server closes or drains (Fastify's hooks then answer `Connection: close` or 503);
 * - when requests are logged (`LOG_LEVEL` info or more detailed): Fastify logs each request, this door would not.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { etagMatches } from '../../lib/etag';
import { type Compressed, chooseEncoding, type Encoding } from '../search/search-body';

/** A cached answer as the markers service holds it. */
export type DoorAnswer = {
  body: Buffer;
  etag: string;
  /** Its compressed copies: `now` reads one already made (the finer one once made). */
  encoded: Compressed;
};

/** What the door needs of the markers service: the cached answer of a key, when it is current without a query. */
export type DoorSource = { current(key: string): DoorAnswer | undefined };

/** Whether the door may serve at all (not closing or draining, requests not logged). */
export type DoorGate = () => boolean;

type Door = {
  key: string;
  etag: string;
  /** The answer's headers as Fastify sent them, without those of each response (length, encoding, request id). */
  headers: Array<[string, string]>;
  /** The same for a 304 (Fastify sends no content type there). */
  notModified: Array<[string, string]>;
};

/** Addresses remembered at most (one per tile, day, category, language, text: the popular ones stay). */
const MAX_DOORS = 10_000;
/** Accept-Encoding values remembered with the encoding they choose. */
const MAX_ENCODINGS = 64;
/** Headers set for each response, never copied from the one remembered. */
const OWN_HEADERS = new Set(['content-length', 'content-encoding', 'x-request-id', 'date', 'connection', 'keep-alive']);

/** Headers as Fastify's reply gives them. */
type Headers = Record<string, string | number | string[] | undefined>;

function headerList(headers: Headers, without: (name: string) => boolean): Array<[string, string]> {
  const list: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || OWN_HEADERS.has(name) || without(name)) continue;
    list.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return list;
}

export class MarkersFrontDoor {
  private readonly doors = new Map<string, Door>();
  private readonly encodings = new Map<string, Encoding | undefined>();
  private source: DoorSource | undefined;

  constructor(private readonly gate: DoorGate) {}

  /** The markers service, once its route is registered. */
  attach(source: DoorSource): void {
    this.source = source;
  }

  /**
   * Remembers the answer Fastify sent for `url` (its 200, with the headers it carries once sent), under the service's
   * cache key. A 304 or another status is not remembered.
   */
  remember(url: string, key: string, etag: string, headers: Headers): void {
    if (this.doors.size >= MAX_DOORS && !this.doors.has(url)) {
      // The oldest address goes (Map keeps insertion order).
      const oldest = this.doors.keys().next().value;
      if (oldest !== undefined) this.doors.delete(oldest);
    }
    this.doors.set(url, {
      key,
      etag,
      headers: headerList(headers, () => false),
      notModified: headerList(headers, (name) => name === 'content-type'),
    });
  }

  /** Answers the request when it can (true), else leaves it untouched for Fastify (false). */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || request.url === undefined) return false;
    const door = this.doors.get(request.url);
    if (door === undefined || this.source === undefined || !this.gate()) return false;
    const headers = request.headers;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const answer = this.source.current(door.key);
    if (answer === undefined || answer.etag !== door.etag) {
      this.doors.delete(request.url);
      return false;
    }
    const id = randomUUID();
    if (etagMatches(headers['if-none-match'], answer.etag)) {
      const list = door.notModified.flat();
      list.push('x-request-id', id);
      response.writeHead(304, list);
      response.end();
      return true;
    }
    const encoding = answer.body.length >= 1024 ? this.encodingOf(headers['accept-encoding']) : undefined;
    let body = answer.body;
    if (encoding !== undefined) {
      const ready = answer.encoded.now(encoding);
      if (ready === undefined) return false;
      // As Fastify's path does: an answer asked again gets its finer copy made (in the background, once).
      void answer.encoded(encoding).catch(() => undefined);
      body = ready;
    }
    const list = door.headers.flat();
    if (encoding !== undefined) list.push('content-encoding', encoding);
    list.push('content-length', String(body.length), 'x-request-id', id);
    response.writeHead(200, list);
    response.end(body);
    return true;
  }

  /** Forgets every address (the service's cache was emptied, or it closes). */
  clear(): void {
    this.doors.clear();
  }

  private encodingOf(header: string | string[] | undefined): Encoding | undefined {
    const value = Array.isArray(header) ? header.join(',') : (header ?? '');
    if (this.encodings.has(value)) return this.encodings.get(value);
    const chosen = chooseEncoding(value);
    if (this.encodings.size >= MAX_ENCODINGS) this.encodings.clear();
    this.encodings.set(value, chosen);
    return chosen;
  }
}
