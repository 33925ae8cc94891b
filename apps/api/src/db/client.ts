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
 * Runs `work` on one connection of `pool` (a Drizzle instance on it) holding the session advisory lock `id`: a
 * session lock belongs to the connection that took it, so it is taken, held and released on that one. `wait`: wait
 * for whoever holds it; otherwise answer `undefined` at once when another session does. A connection whose unlock
 * fails (the work broke it) is discarded, which releases the lock too.
 */
async function onLockedConnection<T>(
  pool: pg.Pool,
  id: number,
  wait: boolean,
  work: (db: Database) => Promise<T>,
): Promise<{ value: T } | undefined> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const lock = await client.query<{ ok: boolean }>(
      wait ? 'SELECT true AS ok, pg_advisory_lock($1)' : 'SELECT pg_try_advisory_lock($1) AS ok',
      [id],
    );
    if (!lock.rows[0]?.ok) return undefined;
    try {
      return { value: await work(drizzle(client, { schema })) };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [id]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}

/** Runs `work` holding the session advisory lock `id`, on a connection of its own (waits for whoever holds it). */
export async function withAdvisoryLock<T>(pool: pg.Pool, id: number, work: (db: Database) => Promise<T>): Promise<T> {
  return (await onLockedConnection(pool, id, true, work))?.value as T;
}

/** Runs `work` holding the session advisory lock `id` when no other session holds it; otherwise answers undefined. */
export async function withTryAdvisoryLock<T>(
  pool: pg.Pool,
  id: number,
  work: (db: Database) => Promise<T>,
): Promise<T | undefined> {
  return (await onLockedConnection(pool, id, false, work))?.value;
}

const MIGRATION_LOCK = 727_001;

/** Applies pending migrations once, even when several instances start together (advisory lock). */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  await withAdvisoryLock(pool, MIGRATION_LOCK, (db) => migrate(db, { migrationsFolder: MIGRATIONS_DIR }));
}
