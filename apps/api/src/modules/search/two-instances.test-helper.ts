/**
 * Test helper: several instances of the real app on ONE cloned database, as several API processes
 * behind a load balancer would be (each with its own pool, caches and LISTEN connection).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { testConfig } from '../../../test/app';
import { cloneDatabase } from '../../../test/database';
import { type AppOptions, buildApp } from '../../app';
import type { Config } from '../../config';
import { createDb, type Database } from '../../db/client';
import { upsertCategories } from '../globals/globals.repository';

export type Instances = { apps: FastifyInstance[]; db: Database; config: Config; close: () => Promise<void> };

export async function createInstances(
  count: number,
  options: Omit<AppOptions, 'connection' | 'poolSize'> = {},
): Promise<Instances> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evmap-instances-'));
  const database = await cloneDatabase(inject('dbServer'), inject('dbTemplate'));
  const config = testConfig(dataDir);
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const app = await buildApp(config, { ...options, connection: database.connection, poolSize: 5 });
    await app.ready();
    apps.push(app);
  }
  const db = createDb(apps[0]!.pool);
  await upsertCategories(db);
  return {
    apps,
    db,
    config,
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
