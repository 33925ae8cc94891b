import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { LruCache } from '../../lib/lru-cache';
import type { Stamp } from './search.repository';
import { assembleBody, chooseEncoding, compressLater } from './search-body';
import { Gate, GateFullError } from './search-gate';
import { StampReader } from './stamp-reader';

describe('LruCache', () => {
  it('evicts the least recently used entry past its entry or byte bound', () => {
    const cache = new LruCache<string>(2, 100);
    cache.set('a', 'A', 10);
    cache.set('b', 'B', 10);
    cache.get('a');
    cache.set('c', 'C', 10);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    cache.set('big', 'X', 95);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(95);
    cache.set('huge', 'Y', 101);
    expect(cache.get('huge')).toBeUndefined();
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});

describe('Gate', () => {
  it('runs at most `concurrency` tasks and refuses past `maxWaiting`', async () => {
    const gate = new Gate(2, 1);
    let running = 0;
    let peak = 0;
    const release: Array<() => void> = [];
    const task = () =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => release.push(r));
        running--;
      });
    const tick = () => new Promise((r) => setTimeout(r, 5));
    const tasks = [task(), task(), task()];
    await expect(task()).rejects.toBeInstanceOf(GateFullError);
    await tick();
    expect(release).toHaveLength(2);
    release.shift()?.();
    await tick();
    expect(release).toHaveLength(2);
    for (const r of release.splice(0)) r();
    await Promise.all(tasks);
    expect(peak).toBe(2);
  });
});

describe('StampReader', () => {
  it('shares one read among requests of the same turn, never one sent before a request arrived', async () => {
    const sent: number[] = [];
    let version = 0n;
    const reader = new StampReader(async (): Promise<Stamp> => {
      sent.push(Date.now());
      const seen = version;
      await new Promise((r) => setTimeout(r, 20));
      return { version: seen, nowMs: 0 };
    });
    const first = [reader.current(), reader.current(), reader.current()];
    await new Promise((r) => setImmediate(r));
    expect(sent).toHaveLength(1);
    // A write commits while the first read is in flight; a request arriving now must not share it.
    version = 1n;
    const late = reader.current();
    expect((await Promise.all(first)).map((s) => s.version)).toEqual([0n, 0n, 0n]);
    expect((await late).version).toBe(1n);
    expect(sent).toHaveLength(2);
  });
});

describe('search body', () => {
  it('assembles the answer from serialised pieces', () => {
    const body = assembleBody([Buffer.from('{"id":1}'), Buffer.from('{"id":2}')], Buffer.from('1,2,3'), true);
    expect(JSON.parse(body.toString())).toEqual({ events: [{ id: 1 }, { id: 2 }], eventIds: [1, 2, 3], capped: true });
    expect(JSON.parse(assembleBody([], Buffer.from(''), false).toString())).toEqual({
      events: [],
      eventIds: [],
      capped: false,
    });
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['gzip;q=0', undefined],
    ['*', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ] as const)('Accept-Encoding %s -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('compresses once per encoding, and makes the finer brotli copy only for an answer asked again', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `{"id":${i * 7919},"title":"Concert ${i % 97} au parc"}`);
    const body = Buffer.from(`[${rows.join(',')}]`);
    const encoded = compressLater(body, 11);
    const first = await encoded('br');
    expect(brotliDecompressSync(first).equals(body)).toBe(true);
    expect(gunzipSync(await encoded('gzip')).equals(body)).toBe(true);
    // Asked again: the same copy, while the finer one is made in the background.
    expect(await encoded('br')).toBe(first);
    await vi.waitFor(
      async () => {
        expect((await encoded('br')).length).toBeLessThan(first.length);
      },
      { timeout: 10_000 },
    );
    expect(brotliDecompressSync(await encoded('br')).equals(body)).toBe(true);
    // Without a finer quality, the first copy stays.
    const plain = compressLater(body);
    const once = await plain('br');
    await plain('br');
    expect(await plain('br')).toBe(once);
  });
});
