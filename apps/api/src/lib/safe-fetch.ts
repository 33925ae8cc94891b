/**
 * Fetching a URL an administrator or an organisation typed (import sources, issue 25) without letting it reach the
 * server's own network: only http and https; every address the host resolves to is checked when the socket
 * connects (so a DNS answer cannot change between a check and the connection), and refused when private, loopback,
 * link-local, unique-local, multicast, reserved or unspecified (IPv4, IPv6 and IPv4-mapped IPv6); redirects are
 * followed by hand, each one checked again; one time limit and one size limit for the whole exchange, the body read
 * as it streams in (refused as soon as it passes the limit) and in full before anyone parses it. `allowPrivate` (IMPORT_ALLOW_PRIVATE) lifts the address check only.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type SafeFetchOptions = {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Another resolver (tests). */
  lookup?: LookupFunction;
  /** Private addresses reachable all the same (tests: the local feed server with the check on). */
  allowAddresses?: readonly string[];
  accept?: string;
};

export type FetchRefusal = 'scheme' | 'address' | 'redirects' | 'status' | 'tooLarge' | 'timeout' | 'network';

/** A fetch that was refused or failed; `reason` says why, the message is for the source's run. */
export class FetchError extends Error {
  readonly reason: FetchRefusal;
  constructor(reason: FetchRefusal, message: string) {
    super(message);
    this.name = 'FetchError';
    this.reason = reason;
  }
}

export type FetchedBody = { body: Buffer; contentType: string | undefined; url: string };

export const FETCH_TIMEOUT_MS = 30_000;
export const FETCH_MAX_BYTES = 50 * 1024 * 1024;
const MAX_REDIRECTS = 5;

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`), as IPv4; else undefined. */
function mappedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted =
    /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] ?? '0', 16);
  const low = Number.parseInt(hex[2] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an address is one a fetch must not reach (private, loopback, link-local, multicast…). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true;
  const v4 = mappedIpv4(bare);
  if (v4) return isIP(v4) !== 4 || blocked.check(v4, 'ipv4');
  return blocked.check(bare, 'ipv6');
}

/** A resolver that refuses private answers: Node calls it when the socket connects. */
function checkedLookup(base: LookupFunction, allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = (Array.isArray(addresses) ? addresses : [{ address: String(addresses), family: 4 }]) as Array<{
        address: string;
        family: number;
      }>;
      const refused = list.length === 0 || list.some((a) => !allowed(a.address));
      if (refused) {
        return callback(new FetchError('address', `${hostname} resolves to a private address`), '', 4);
      }
      if (options.all) return (callback as (e: null, a: typeof list) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

function checkUrl(raw: string, allowed: (address: string) => boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('scheme', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('scheme', 'only http and https');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowed(host)) {
    throw new FetchError('address', `${host} is a private address`);
  }
  return url;
}

type Hop = { status: number; location?: string; contentType?: string; body?: Buffer };

type Settings = SafeFetchOptions & { timeoutMs: number; maxBytes: number; maxRedirects: number };

function requestOnce(url: URL, options: Settings, allowed: (address: string) => boolean, signal: AbortSignal) {
  const lookup = checkedLookup(options.lookup ?? (dns.lookup as unknown as LookupFunction), allowed);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup,
        signal,
        headers: { accept: options.accept ?? '*/*', 'accept-encoding': 'identity', 'user-agent': 'EventMap-import/1' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ status, location: response.headers.location });
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          reject(new FetchError('tooLarge', `more than ${options.maxBytes} bytes`));
          return response.destroy();
        }
        // Read as it comes, bounded; with a declared length, straight into one buffer of that size (a large
        // body is not held twice, as chunks and then joined).
        const whole = Number.isFinite(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : undefined;
        const chunks: Buffer[] = [];
        let size = 0;
        let filled = 0;
        response.on('data', (chunk: Buffer) => {
          if (size + chunk.length > options.maxBytes) {
            reject(new FetchError('tooLarge', `more than ${options.maxBytes} bytes`));
            response.destroy();
            return;
          }
          if (whole && chunks.length === 0 && filled + chunk.length <= whole.length) {
            chunk.copy(whole, filled);
            filled += chunk.length;
          } else chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const read = whole ? whole.subarray(0, filled) : Buffer.alloc(0);
          const body = chunks.length === 0 ? read : Buffer.concat([read, ...chunks], size);
          resolve({ status, contentType: response.headers['content-type'], body });
        });
        response.on('error', reject);
        response.on('aborted', () => reject(new FetchError('network', 'the answer was cut short')));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** GETs `raw` within the limits; throws a FetchError when refused, failed, too slow, too large or not a 2xx. */
export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<FetchedBody> {
  const settings: Settings = {
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: FETCH_MAX_BYTES,
    maxRedirects: MAX_REDIRECTS,
    ...options,
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
  const exceptions = new Set(settings.allowAddresses ?? []);
  const allowed = (address: string) => settings.allowPrivate || exceptions.has(address) || !isPrivateAddress(address);
  try {
    let url = checkUrl(raw, allowed);
    for (let hops = 0; ; hops++) {
      const hop = await requestOnce(url, settings, allowed, controller.signal);
      if (hop.location !== undefined) {
        if (hops >= settings.maxRedirects) throw new FetchError('redirects', 'too many redirects');
        url = checkUrl(new URL(hop.location, url).toString(), allowed);
        continue;
      }
      if (hop.status < 200 || hop.status >= 300) throw new FetchError('status', `the server answered ${hop.status}`);
      return { body: hop.body ?? Buffer.alloc(0), contentType: hop.contentType, url: url.toString() };
    }
  } catch (error) {
    if (controller.signal.aborted) throw new FetchError('timeout', `no full answer within ${settings.timeoutMs} ms`);
    if (error instanceof FetchError) throw error;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof FetchError) throw cause;
    throw new FetchError('network', (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}
