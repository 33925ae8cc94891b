/**
 * Where uploaded files go: a folder on disk by default (served at /uploads), or S3-compatible storage
 * (`S3Storage`, lib/s3-storage.ts) when S3_BUCKET is set.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  /** Stores `data` under `key` (a relative path with forward slashes); keys are never rewritten. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes stored under `key`; rejects when there are none. */
  get(key: string): Promise<Buffer>;
  /** Deletes what is stored under `key`; nothing stored there is not an error. */
  remove(key: string): Promise<void>;
  /** The URL under which browsers read `key`. */
  url(key: string): string;
}

export class LocalStorage implements FileStorage {
  constructor(
    readonly root: string,
    private readonly publicPrefix = '/uploads',
  ) {}

  private file(key: string): string {
    const target = path.join(this.root, ...key.split('/'));
    if (!target.startsWith(this.root + path.sep)) throw new Error('storage key escapes the storage root');
    return target;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.file(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  url(key: string): string {
    return `${this.publicPrefix}/${key}`;
  }
}
