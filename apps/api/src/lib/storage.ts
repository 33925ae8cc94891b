/** Where uploaded files go: a folder on disk by default (served at /uploads); S3-compatible storage can implement the same interface. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  /** Stores `data` under `key` (a relative path with forward slashes). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The URL under which the app serves `key`. */
  url(key: string): string;
}

export class LocalStorage implements FileStorage {
  constructor(
    readonly root: string,
    private readonly publicPrefix = '/uploads',
  ) {}

  async put(key: string, data: Buffer): Promise<void> {
    const target = path.join(this.root, ...key.split('/'));
    if (!target.startsWith(this.root + path.sep)) throw new Error('storage key escapes the storage root');
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
  }

  url(key: string): string {
    return `${this.publicPrefix}/${key}`;
  }
}
