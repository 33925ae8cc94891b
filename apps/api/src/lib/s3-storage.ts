/**
 * Uploaded files in S3-compatible object storage (AWS S3, MinIO, Ceph, Cloudflare R2…), written and read
 * (and deleted) with signed requests and served to browsers from a public base URL (the bucket itself or a CDN).
 *
 * Signing uses `aws4fetch`'s AwsV4Signer (one dependency-free file over WebCrypto) rather than @aws-sdk/client-s3,
 * which pulls in dozens of packages for the two calls we make. We do not use its AwsClient.fetch: its retry
 * policy (up to 10 retries, no timeout) is not ours, so requests are sent here with a timeout and one retry.
 */
import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import type { S3Config } from '../config';
import type { FileStorage } from './storage';

export type S3StorageOptions = S3Config & {
  /** Per attempt, including reading the answer; default 15 s. */
  timeoutMs?: number;
  /** Pause before the one retry; default 250 ms. */
  retryDelayMs?: number;
  /** Default: the global fetch (tests route virtual-hosted names to a local fake). */
  fetch?: typeof fetch;
};

/** A storage request that failed; the message names the operation, key and cause, never a credential. */
export class StorageError extends Error {
  constructor(
    message: string,
    /** HTTP status of the last answer; undefined after a network error or a timeout. */
    readonly status?: number,
    /** S3's error code (`NoSuchKey`, `AccessDenied`, `SignatureDoesNotMatch`…) when the answer carried one. */
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/** Percent-encodes everything but RFC 3986's unreserved characters (encodeURIComponent leaves !'()* alone). */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `a/b c/d.jpg` -> `a/b%20c/d.jpg`; refuses keys that URL normalisation would rewrite. */
export function encodeKey(key: string): string {
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw new Error('invalid storage key');
  return segments.map(encodeSegment).join('/');
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const errorCode = (xml: string) => /<Code>([^<]{1,100})<\/Code>/.exec(xml)?.[1];
const retryable = (status: number) => status >= 500;

export class S3Storage implements FileStorage {
  private readonly bucketUrl: string;
  private readonly publicUrl: string;
  private readonly timeoutMs: number;
  private readonly retryDelayMs: number;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: S3StorageOptions) {
    const endpoint = new URL(options.endpoint);
    const base = endpoint.pathname.replace(/\/+$/, '');
    this.bucketUrl = options.forcePathStyle
      ? `${endpoint.origin}${base}/${encodeSegment(options.bucket)}`
      : `${endpoint.protocol}//${options.bucket}.${endpoint.host}${base}`;
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retryDelayMs = options.retryDelayMs ?? 250;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The address the API writes `key` to (path-style or virtual-hosted). */
  objectUrl(key: string): string {
    return `${this.bucketUrl}/${encodeKey(key)}`;
  }

  /** The address browsers read `key` from. */
  url(key: string): string {
    return `${this.publicUrl}/${encodeKey(key)}`;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, data, { 'content-type': contentType, 'cache-control': IMMUTABLE });
    await response.arrayBuffer();
  }

  async get(key: string): Promise<Buffer> {
    const response = await this.send('GET', key);
    return Buffer.from(await response.arrayBuffer());
  }

  /** DeleteObject: S3 answers 204 whether or not the key existed. */
  async remove(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    await response.arrayBuffer();
  }

  /** One signed request, retried once after a 5xx, a network error or a timeout; throws StorageError. */
  private async send(
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ) {
    const what = `S3 ${method} of "${key}" in bucket "${this.options.bucket}"`;
    const url = this.objectUrl(key);
    // The payload is signed too (not UNSIGNED-PAYLOAD): the server refuses a body altered on the way.
    const payloadHash = createHash('sha256')
      .update(body ?? '')
      .digest('hex');
    for (let attempt = 1; ; attempt++) {
      const last = attempt === 2;
      let failure: StorageError;
      try {
        const signed = await new AwsV4Signer({
          method,
          url,
          headers: { ...headers, 'x-amz-content-sha256': payloadHash },
          accessKeyId: this.options.accessKeyId,
          secretAccessKey: this.options.secretAccessKey,
          service: 's3',
          region: this.options.region,
        }).sign();
        const signal = AbortSignal.timeout(this.timeoutMs);
        const response = await this.fetch(signed.url, { method, headers: signed.headers, body, signal });
        if (response.ok) return response;
        const text = await response.text().catch(() => '');
        const code = errorCode(text);
        failure = new StorageError(
          `${what} failed: HTTP ${response.status}${code ? ` ${code}` : ''}`,
          response.status,
          code,
        );
        if (!retryable(response.status)) throw failure;
      } catch (error) {
        if (error instanceof StorageError) throw error;
        const cause = error as Error & { cause?: { code?: string } };
        const code = typeof cause?.cause?.code === 'string' ? ` (${cause.cause.code})` : '';
        const reason =
          cause?.name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : `network error${code}`;
        failure = new StorageError(`${what} failed: ${reason}`, undefined, undefined, { cause });
      }
      if (last) throw failure;
      await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
    }
  }
}
