/**
 * Once per test run: a PostgreSQL server (the embedded one in a temporary folder, or the server of
 * TEST_DATABASE_URL) and a migrated template database that every test file clones.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPool, type DbConnection, migrateDatabase } from '../src/db/client';
import { EmbeddedPostgres } from '../src/db/embedded-postgres';
import { adminQuery, withDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    dbServer: DbConnection;
    dbTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  let server: DbConnection;
  let embedded: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    server = external;
  } else {
    dir = mkdtempSync(path.join(os.tmpdir(), 'evmap-test-pg-'));
    embedded = new EmbeddedPostgres(dir, { database: 'postgres' });
    server = await embedded.start();
  }
  const template = `evmap_tpl_${process.pid}_${Date.now()}`;
  await adminQuery(server, `CREATE DATABASE "${template}"`);
  const pool = createPool(withDatabase(server, template), 2);
  try {
    await migrateDatabase(pool);
  } finally {
    await pool.end();
  }
  project.provide('dbServer', server);
  project.provide('dbTemplate', template);

  return async () => {
    await adminQuery(server, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`).catch(() => undefined);
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
