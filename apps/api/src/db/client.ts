/** The PostgreSQL pool, the Drizzle instance on it, and the migrations applied at start. */
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = NodePgDatabase<Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

/** A connection string, or the socket/host description of the embedded server. */
export type DbConnection = string | pg.PoolConfig;

// Wall-clock columns (timestamp without time zone, date) stay strings exactly as stored.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (v) => v);
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// bigint counts (count(*)) as numbers: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function createPool(connection: DbConnection, max = 20): pg.Pool {
  const base = typeof connection === 'string' ? { connectionString: connection } : connection;
  const pool = new pg.Pool({
    ...base,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    // A runaway query must not hold a connection forever.
    statement_timeout: 15_000,
    application_name: 'evmap',
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb(pool: pg.Pool): Database {
  return drizzle(pool, { schema });
}

/** A round trip to the server (throws when it does not answer). */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** The server process of `db`'s connection (a connection of its own), which pg_cancel_backend can interrupt. */
export async function backendPid(db: Executor): Promise<number> {
  const result = await db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
  return result.rows[0]?.pid ?? 0;
}

/** Takes the advisory lock `id` until the transaction `tx` ends (waits for whoever holds it). */
export async function lockForTransaction(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${id})`);
}

/**
 * Runs `work` holding the session advisory lock `id` (waits for whoever holds it). A session lock belongs to the
 * connection that took it: it is taken and released on one connection of `pool` kept for the purpose (`work`'s
 * queries go through the pool as usual).
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, id: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [id]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [id]);
    }
  } finally {
    client.release();
  }
}

/**
 * Runs `work` on one connection of `pool` (a Drizzle instance on it) holding the session advisory lock `id`, when
 * no other session holds it; otherwise answers undefined at once, without waiting.
 */
export async function withTryAdvisoryLock<T>(
  pool: pg.Pool,
  id: number,
  work: (db: Database) => Promise<T>,
): Promise<T | undefined> {
  const client = await pool.connect();
  try {
    const lock = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [id]);
    if (!lock.rows[0]?.ok) return undefined;
    try {
      return await work(drizzle(client, { schema }));
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [id]);
    }
  } finally {
    client.release();
  }
}

const MIGRATION_LOCK = 727_001;

/** Applies pending migrations once, even when several instances start together (advisory lock). */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
