/**
 * The benchmark's database: a fresh embedded PostgreSQL in a temporary DATA_DIR, or a fresh database created
 * (and dropped afterwards) on the server of DATABASE_URL; migrated, seeded with N synthetic events, the map index put
 * in map order as the daily job would (event-days-order.ts), analysed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPool, type DbConnection, migrateDatabase } from '../db/client';
import { EmbeddedPostgres } from '../db/embedded-postgres';
import { seedEvents } from '../demo/seed/seed-events';
import { orderEventDays } from '../modules/events/event-days-order';
import { type AdminAccount, seedAdminData } from './bench-admin';

export type BenchDatabase = {
  connection: DbConnection;
  dataDir: string;
  description: string;
  close: () => Promise<void>;
};

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function openBenchDatabase(
  databaseUrl: string | undefined,
  log: (m: string) => void,
): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evmap-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const name = `evmap_bench_${process.pid}_${Date.now()}`;
    await adminQuery(databaseUrl, `CREATE DATABASE "${name}"`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    return {
      connection: url.toString(),
      dataDir,
      description: `DATABASE_URL server ${url.host}, fresh database ${name} (dropped afterwards)`,
      close: async () => {
        await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
        removeDir();
      },
    };
  }
  const server = new EmbeddedPostgres(dataDir, { log });
  try {
    const connection = await server.start();
    return {
      connection,
      dataDir,
      description: `embedded PostgreSQL, fresh data folder ${dataDir}`,
      close: async () => {
        await server.stop();
        removeDir();
      },
    };
  } catch (error) {
    removeDir();
    throw error;
  }
}

/** Migrates, seeds `count` events and the admin area's data, and runs VACUUM ANALYZE (fresh tables have no statistics or visibility map). */
export async function prepareBenchDatabase(
  connection: DbConnection,
  count: number,
  uploadsDir: string,
  log: (m: string) => void,
  /** Put the map index in map order after the seed, as the daily job would (false: as seeded, for comparison). */
  order = true,
): Promise<{
  serverVersion: string;
  seedMs: number;
  eventDays: number;
  admin: AdminAccount;
  /** The map order's run after the seed (event-days-order.ts), unless `order` is false. */
  order?: { ms: number; moved: number };
}> {
  const pool = createPool(connection, 4);
  try {
    await migrateDatabase(pool);
    const result = await seedEvents(pool, { count, uploadsDir, batchSize: 5000, log });
    const admin = await seedAdminData(pool, log);
    let ordered: { ms: number; moved: number } | undefined;
    if (order) {
      const started = performance.now();
      const report = await orderEventDays(pool);
      ordered = { ms: performance.now() - started, moved: report.moved };
      log(`map order: ${report.moved} event_days rows of ${report.days} days in ${(ordered.ms / 1000).toFixed(1)} s`);
    }
    // The pool's statement timeout (15 s) is the app's; VACUUM of 1,000,000 events takes longer on a busy machine.
    const client = await pool.connect();
    try {
      await client.query('SET statement_timeout = 0');
      await client.query('VACUUM ANALYZE');
    } finally {
      client.release(true);
    }
    const version = await pool.query<{ server_version: string }>('SHOW server_version');
    return {
      serverVersion: version.rows[0]?.server_version ?? '?',
      seedMs: result.ms,
      eventDays: result.eventDays,
      admin,
      ...(ordered ? { order: ordered } : {}),
    };
  } finally {
    await pool.end();
  }
}
