/** Test databases: a server (embedded, or TEST_DATABASE_URL), a migrated template, one clone per test file. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DbConnection } from '../src/db/client';

/** The same server as `base`, another database. */
export function withDatabase(base: DbConnection, database: string): DbConnection {
  if (typeof base !== 'string') return { ...base, database };
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(base: DbConnection, text: string): Promise<void> {
  const client = new pg.Client(typeof base === 'string' ? { connectionString: base } : base);
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates a database cloned from `template` and answers its connection and a drop function. */
export async function cloneDatabase(base: DbConnection, template: string) {
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(base, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      break;
    } catch (error) {
      // Another clone of the same template may hold it for a moment.
      if (attempt >= 20 || !String(error).includes('being accessed')) throw error;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
  return {
    connection: withDatabase(base, name),
    drop: () => adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
