import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, loopbackFetch, startFakeS3 } from '../../test/fake-s3/server';
import { encodeKey, S3Storage, type S3StorageOptions, StorageError } from './s3-storage';

const KEY_ID = 'AKIDEVMAPTEST';
const SECRET = 'test-secret-key/with+characters';
let fake: FakeS3;

beforeAll(async () => {
  fake = await startFakeS3({ buckets: ['evmap'], region: 'ca-central-1', credentials: { [KEY_ID]: SECRET } });
});
afterEach(() => {
  fake.heal();
  fake.requests.length = 0;
});
afterAll(() => fake.close());

/** Path-style against the fake, as with MinIO; `overrides` win. */
const storage = (overrides: Partial<S3StorageOptions> = {}) =>
  new S3Storage({
    bucket: 'evmap',
    endpoint: fake.url,
    region: 'ca-central-1',
    accessKeyId: KEY_ID,
    secretAccessKey: SECRET,
    publicUrl: 'https://cdn.example.ca/images',
    forcePathStyle: true,
    retryDelayMs: 10,
    ...overrides,
  });

/** The StorageError `operation` rejects with (fails the test when it resolves). */
const failure = (operation: Promise<unknown>) =>
  operation.then(
    () => {
      throw new Error('expected the storage call to fail');
    },
    (error: unknown) => error as StorageError,
  );

const KEY = 'events/2026/11/0b8e4f7e-3c1a-4bb2-9d4e-2f1f8d0c1a2b/512.jpg';

describe('S3Storage addresses', () => {
  it('writes path-style to endpoint/bucket/key and hands out the public URL', () => {
    const s3 = storage({ endpoint: 'http://minio.local:9000' });
    expect(s3.objectUrl(KEY)).toBe(`http://minio.local:9000/evmap/${KEY}`);
    expect(s3.url(KEY)).toBe(`https://cdn.example.ca/images/${KEY}`);
  });

  it('writes virtual-hosted to bucket.s3.region.amazonaws.com', () => {
    const s3 = storage({ endpoint: 'https://s3.ca-central-1.amazonaws.com', forcePathStyle: false });
    expect(s3.objectUrl(KEY)).toBe(`https://evmap.s3.ca-central-1.amazonaws.com/${KEY}`);
  });

  it('keeps a path prefix of the endpoint and a trailing slash of the public URL out of the way', () => {
    const s3 = storage({ endpoint: 'https://gateway.example.ca/s3', publicUrl: 'https://cdn.example.ca/' });
    expect(s3.objectUrl('a/b.jpg')).toBe('https://gateway.example.ca/s3/evmap/a/b.jpg');
    expect(s3.url('a/b.jpg')).toBe('https://cdn.example.ca/a/b.jpg');
  });

  it('encodes each key segment and refuses keys a URL would rewrite', () => {
    expect(encodeKey("users/a b/é(1)'*.jpg")).toBe('users/a%20b/%C3%A9%281%29%27%2A.jpg');
    expect(storage().url('a b/c.jpg')).toBe('https://cdn.example.ca/images/a%20b/c.jpg');
    for (const bad of ['../x.jpg', 'a//b.jpg', '/a.jpg', 'a/./b.jpg', 'a/']) {
      expect(() => encodeKey(bad), bad).toThrow('invalid storage key');
    }
  });
});

describe('S3Storage against a fake S3', () => {
  it('PUTs a signed object with its content type and a one-year immutable cache, and GETs it back', async () => {
    const s3 = storage();
    const data = Buffer.from('jpeg bytes');
    await s3.put(KEY, data, 'image/jpeg');
    const stored = fake.objects.get(`evmap/${KEY}`);
    expect(stored).toMatchObject({ contentType: 'image/jpeg', cacheControl: 'public, max-age=31536000, immutable' });
    expect(stored?.body.equals(data)).toBe(true);
    expect(fake.requests).toEqual([
      { method: 'PUT', host: `127.0.0.1:${fake.port}`, bucket: 'evmap', key: KEY, status: 200, code: undefined },
    ]);
    expect((await s3.get(KEY)).equals(data)).toBe(true);
  });

  it('signs virtual-hosted requests too (Host: bucket.endpoint-host)', async () => {
    const s3 = storage({
      endpoint: `http://s3.example.test:${fake.port}`,
      forcePathStyle: false,
      fetch: loopbackFetch(fake.port),
    });
    await s3.put('users/x/100.jpg', Buffer.from('v'), 'image/jpeg');
    expect(fake.requests[0]).toMatchObject({ host: `evmap.s3.example.test:${fake.port}`, key: 'users/x/100.jpg' });
    expect(fake.objects.get('evmap/users/x/100.jpg')?.body.toString()).toBe('v');
    expect((await s3.get('users/x/100.jpg')).toString()).toBe('v');
  });

  it('fails clearly on a missing object', async () => {
    const error = await failure(storage().get('events/none.jpg'));
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ status: 404, code: 'NoSuchKey' });
    expect(error.message).toBe('S3 GET of "events/none.jpg" in bucket "evmap" failed: HTTP 404 NoSuchKey');
  });

  it('fails clearly, once and without the secret in the message, on wrong credentials', async () => {
    const key = 'events/refused.jpg';
    const wrongSecret = await failure(
      storage({ secretAccessKey: 'not-the-secret' }).put(key, Buffer.from('x'), 'image/jpeg'),
    );
    expect(wrongSecret).toBeInstanceOf(StorageError);
    expect(wrongSecret).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(wrongSecret.message).toBe(`S3 PUT of "${key}" in bucket "evmap" failed: HTTP 403 SignatureDoesNotMatch`);
    expect(wrongSecret.message).not.toContain('not-the-secret');
    expect(fake.requests).toHaveLength(1);

    const wrongKey = await failure(storage({ accessKeyId: 'AKIDUNKNOWN' }).put(key, Buffer.from('x'), 'image/jpeg'));
    expect(wrongKey).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    expect(fake.objects.has(`evmap/${key}`)).toBe(false);
  });

  it('retries once after a 500 and then succeeds', async () => {
    fake.failNext(1);
    await storage().put('events/retry.jpg', Buffer.from('r'), 'image/jpeg');
    expect(fake.requests.map((r) => r.status)).toEqual([500, 200]);
    expect(fake.objects.get('evmap/events/retry.jpg')?.body.toString()).toBe('r');
  });

  it('gives up after the one retry when S3 keeps failing', async () => {
    fake.failAlways();
    const error = await failure(storage().put('events/down.jpg', Buffer.from('d'), 'image/jpeg'));
    expect(error).toMatchObject({ status: 500, code: 'InternalError' });
    expect(error.message).toBe('S3 PUT of "events/down.jpg" in bucket "evmap" failed: HTTP 500 InternalError');
    expect(fake.requests.map((r) => r.status)).toEqual([500, 500]);
    expect(fake.objects.has('evmap/events/down.jpg')).toBe(false);
  });

  it('reports a refused connection and a silent server as StorageErrors', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await failure(
      storage({ endpoint: `http://127.0.0.1:${closedPort}` }).put('a.jpg', Buffer.from('a'), 'image/jpeg'),
    );
    expect(refused).toBeInstanceOf(StorageError);
    expect(refused.message).toBe('S3 PUT of "a.jpg" in bucket "evmap" failed: network error (ECONNREFUSED)');

    let attempts = 0;
    const silent: Server = createServer(() => {
      attempts += 1; // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const timedOut = await failure(
        storage({ endpoint: `http://127.0.0.1:${port}`, timeoutMs: 200 }).put('a.jpg', Buffer.from('a'), 'image/jpeg'),
      );
      expect(timedOut.message).toBe('S3 PUT of "a.jpg" in bucket "evmap" failed: no answer within 200 ms');
      expect(attempts).toBe(2);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
