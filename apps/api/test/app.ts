/** Builds the real app on a fresh database for one test file. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createDb, type Database } from '../src/db/client';
import { upsertCategories } from '../src/modules/globals/globals.repository';
import { cloneDatabase } from './database';

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  config: Config;
  close: () => Promise<void>;
};

/** The configuration of a test app: a temporary DATA_DIR, a fixed secret, no demo data. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'postgres://unused@localhost/unused',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DEMO_DATA: '0',
    WEB_DIST: path.join(dataDir, 'web'),
    ...env,
  });
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** Runs before the app is built (files it reads at start). */
    prepare?: (config: Config) => void;
    /** Runs after the app is built, before it is ready (extra test routes). */
    configure?: (app: FastifyInstance) => void | Promise<void>;
    /** Extra options of buildApp (a payment provider, a publication charge). */
    appOptions?: Omit<AppOptions, 'connection' | 'poolSize'>;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evmap-test-'));
  const database = await cloneDatabase(inject('dbServer'), inject('dbTemplate'));
  const config = testConfig(dataDir, options.env);
  options.prepare?.(config);
  const app = await buildApp(config, { ...options.appOptions, connection: database.connection, poolSize: 5 });
  await options.configure?.(app);
  await app.ready();
  const db = createDb(app.pool);
  await upsertCategories(db);
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
