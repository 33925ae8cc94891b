import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedServer, startFeedServer } from '../../test/feed-server';
import { FetchError, isPrivateAddress, safeFetch } from './safe-fetch';

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
  server.serve('/ok', 'hello', 'text/calendar');
  server.route('/to-private', (_req, res) => res.writeHead(302, { location: 'http://10.1.2.3/x' }).end());
  server.route('/to-ok', (_req, res) => res.writeHead(301, { location: '/ok' }).end());
  server.route('/to-metadata', (_req, res) =>
    res.writeHead(307, { location: 'http://metadata.example.com/latest' }).end(),
  );
  server.route('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
  server.route('/big', (_req, res) => {
    res.writeHead(200);
    for (let i = 0; i < 20; i++) res.write(Buffer.alloc(1024, 97));
    res.end();
  });
  server.route('/slow', (_req, res) => {
    res.writeHead(200);
    res.write('BEGIN:VCALENDAR\r\n');
    // Never ends: the time limit must cut it.
  });
  server.route('/gone', (_req, res) => res.writeHead(500).end());
});
afterAll(() => server.close());

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return (error as FetchError).reason;
}

const closed = { allowPrivate: false };
const open = { allowPrivate: true };
/** A resolver answering `address` for every name. */
const resolvesTo =
  (address: string, family = 4): LookupFunction =>
  (_host, options, callback) =>
    options.all
      ? (callback as unknown as (e: null, a: unknown[]) => void)(null, [{ address, family }])
      : callback(null, address, family);

describe('safe fetching', () => {
  it('knows private, loopback, link-local, unique-local, multicast and unspecified addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '[::1]',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '142.250.1.1', '2607:f8b0:4020::1', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('refuses other schemes than http and https', async () => {
    expect(await refusal(safeFetch('ftp://example.com/x.ics', closed))).toBe('scheme');
    expect(await refusal(safeFetch('file:///etc/passwd', closed))).toBe('scheme');
    expect(await refusal(safeFetch('not a url', closed))).toBe('scheme');
  });

  it('refuses private address literals', async () => {
    expect(await refusal(safeFetch(`${server.origin}/ok`, closed))).toBe('address');
    expect(await refusal(safeFetch('http://10.0.0.8/feed.csv', closed))).toBe('address');
    expect(await refusal(safeFetch('http://169.254.169.254/latest/meta-data', closed))).toBe('address');
    expect(await refusal(safeFetch('http://[::1]/x', closed))).toBe('address');
    expect(await refusal(safeFetch('http://[::ffff:127.0.0.1]/x', closed))).toBe('address');
  });

  it('refuses a name that resolves to a private address, when it connects', async () => {
    const port = new URL(server.origin).port;
    const lookup = resolvesTo('127.0.0.1');
    expect(await refusal(safeFetch(`http://feeds.example.com:${port}/ok`, { ...closed, lookup }))).toBe('address');
    const v6 = resolvesTo('::1', 6);
    expect(await refusal(safeFetch(`http://feeds.example.com:${port}/ok`, { ...closed, lookup: v6 }))).toBe('address');
  });

  it('checks every redirect again', async () => {
    // The local server is let through; its redirects to 10.1.2.3 and to a name resolving to 169.254.169.254 are not.
    const local = { allowPrivate: false, allowAddresses: ['127.0.0.1'] };
    expect((await safeFetch(`${server.origin}/to-ok`, local)).body.toString()).toBe('hello');
    expect(await refusal(safeFetch(`${server.origin}/to-private`, local))).toBe('address');
    const lookup = resolvesTo('169.254.169.254');
    expect(await refusal(safeFetch(`${server.origin}/to-metadata`, { ...local, lookup }))).toBe('address');
  });

  it('follows at most 5 redirects', async () => {
    expect(await refusal(safeFetch(`${server.origin}/loop`, open))).toBe('redirects');
    const ok = await safeFetch(`${server.origin}/to-ok`, open);
    expect(ok.body.toString()).toBe('hello');
  });

  it('aborts a body past the size limit and one past the time limit', async () => {
    expect(await refusal(safeFetch(`${server.origin}/big`, { ...open, maxBytes: 10_000 }))).toBe('tooLarge');
    expect(await refusal(safeFetch(`${server.origin}/slow`, { ...open, timeoutMs: 300 }))).toBe('timeout');
  });

  it('fetches a local server with IMPORT_ALLOW_PRIVATE on, and reports an error status', async () => {
    const ok = await safeFetch(`${server.origin}/ok`, open);
    expect(ok).toMatchObject({ contentType: 'text/calendar', url: `${server.origin}/ok` });
    expect(ok.body.toString()).toBe('hello');
    expect(await refusal(safeFetch(`${server.origin}/gone`, open))).toBe('status');
  });
});
