/**
 * The search answer as bytes: `{"events":[...],"eventIds":[...],"capped":bool}` assembled from
 * cached, already serialised pieces, so a cached answer is never serialised again.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const OPEN = Buffer.from('{"events":[');
const COMMA = Buffer.from(',');
const IDS = Buffer.from('],"eventIds":[');
const CAPPED = Buffer.from('],"capped":true}');
const NOT_CAPPED = Buffer.from('],"capped":false}');

/** An answer ready to send; `encoded` compresses it off the event loop (once per encoding). */
export type SearchAnswer = { body: Buffer; etag?: string; encoded: (encoding: Encoding) => Promise<Buffer> };

export type Encoding = 'br' | 'gzip';
/** In order of preference on a tie. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

export function assembleBody(events: Buffer[], idsJson: Buffer, capped: boolean): Buffer {
  const parts: Buffer[] = [OPEN];
  events.forEach((event, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(event);
  });
  parts.push(IDS, idsJson, capped ? CAPPED : NOT_CAPPED);
  return Buffer.concat(parts);
}

/** A strong ETag of the body (computed once per cached answer); `prefix` tells apart the answers of two routes. */
export function etagOf(body: Buffer, prefix = ''): string {
  return `"${prefix}${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * The finer copies, made one at a time: quality 10–11 costs about 300–600 ms of one thread for a dense tile, so they
 * queue here rather than fill the libuv pool that the first copies, files and password hashes also use.
 */
let refining: Promise<unknown> = Promise.resolve();
function refineInTurn<T>(task: () => Promise<T>): Promise<T> {
  const turn = refining.then(task, task);
  refining = turn.catch(() => undefined);
  return turn;
}

/** An answer's compressed copies: made on demand (a promise), and read without waiting once made (`now`). */
export type Compressed = ((encoding: Encoding) => Promise<Buffer>) & {
  now: (encoding: Encoding) => Buffer | undefined;
};

/** The brotli quality of an answer's first copy, the one its first request waits for. */
const BROTLI_FIRST = 5;

/**
 * Compression in the libuv thread pool (never on the event loop), memoised per encoding: an answer is kept
 * and sent many times, so it is compressed once, fairly hard (brotli `firstQuality`, 5 unless told, and gzip 6: about
 * 5 ms for 200 events). With `finerQuality`, when that brotli copy is asked for a second time (an answer several
 * visitors share) a smaller one (that quality, the largest window) is made in the background, one at a time across
 * answers, and sent from then on: no request waits for it, and answers asked only once never pay for it.
 */
export function compressLater(body: Buffer, finerQuality?: number, firstQuality = BROTLI_FIRST): Compressed {
  const done = new Map<Encoding, Promise<Buffer>>();
  const made = new Map<Encoding, Buffer>();
  let refine = finerQuality !== undefined;
  const brotli = (quality: number) =>
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        ...(quality >= 10 ? { [zlibConstants.BROTLI_PARAM_LGWIN]: 24 } : {}),
      },
    });
  const keep = (encoding: Encoding, copy: Promise<Buffer>) => {
    done.set(encoding, copy);
    copy.then((bytes) => made.set(encoding, bytes)).catch(() => undefined);
  };
  const compressed = (encoding: Encoding) => {
    const result = done.get(encoding);
    if (!result) {
      const first = encoding === 'br' ? brotli(firstQuality) : gzipAsync(body, { level: 6 });
      keep(encoding, first);
      return first;
    }
    if (encoding === 'br' && refine && finerQuality !== undefined) {
      refine = false;
      void result
        .then((first) =>
          refineInTurn(() => brotli(finerQuality)).then((finer) => (finer.length < first.length ? finer : first)),
        )
        .then((better) => keep('br', Promise.resolve(better)))
        .catch(() => undefined);
    }
    return result;
  };
  return Object.assign(compressed, { now: (encoding: Encoding) => made.get(encoding) });
}

/**
 * The encoding to answer with: the one Accept-Encoding prefers (q-values) of brotli and gzip, brotli on a tie;
 * none when it accepts neither (Fastify's own negotiator, as @fastify/compress uses).
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  return (negotiate(value.toLowerCase(), ENCODINGS) as Encoding | null) ?? undefined;
}

/**
 * Sends an answer's bytes as they were cached, the HTTP side of the search and the markers in one place: JSON,
 * `Vary: Accept-Encoding`, the ETag, and the compressed copy the client prefers (made once per answer), or the raw
 * bytes when it accepts none or the body is too small to gain.
 */
export async function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SearchAnswer,
): Promise<FastifyReply> {
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  if (answer.etag) reply.header('etag', answer.etag);
  const encoding = answer.body.length >= 1024 ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (encoding) {
    reply.header('content-encoding', encoding);
    return reply.send(await answer.encoded(encoding));
  }
  // Bytes already serialised: Fastify sends a Buffer as it is.
  return reply.send(answer.body);
}
