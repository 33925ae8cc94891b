/**
 * Uploaded files: stored under UPLOADS_DIR (default DATA_DIR/uploads) and served at /uploads, or in
 * S3-compatible storage when S3_BUCKET is set (browsers then read them from S3_PUBLIC_URL, not from us).
 */
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { S3Storage } from '../lib/s3-storage';
import { type FileStorage, LocalStorage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** The storage the configuration asks for (also used outside the app: first start, demo data). */
export function storageFromConfig(config: Pick<Config, 's3' | 'uploadsDir'>): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.uploadsDir, '/uploads');
}

export const storagePlugin = fp(
  async (app) => {
    const storage = storageFromConfig(app.config);
    app.decorate('storage', storage);
    if (!(storage instanceof LocalStorage)) return;
    mkdirSync(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // Stored names are random and never rewritten: cache them for good.
      maxAge: '365d',
      immutable: true,
    });
  },
  { name: 'storage' },
);
