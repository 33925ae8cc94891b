/** Uploaded files: stored under UPLOADS_DIR (default DATA_DIR/uploads) and served at /uploads. */
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { type FileStorage, LocalStorage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export const storagePlugin = fp(
  async (app) => {
    const root = app.config.uploadsDir;
    mkdirSync(root, { recursive: true });
    app.decorate('storage', new LocalStorage(root, '/uploads'));
    await app.register(fastifyStatic, {
      root,
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
