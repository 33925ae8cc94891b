/**
 * Between scenarios: before a scenario timed one request at a time, PostgreSQL writes its dirty pages (CHECKPOINT)
 * and the load generator and the server collect their garbage, so that it does not pay for the load of the scenario
 * before it (after 10 s of autocannon at 3,000 req/s, collections of 10-45 ms in either process landed in the text
 * searches' slowest requests).
 */
import type { ChildProcess } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import type { DbConnection } from '../db/client';

/** A full collection of this process's heap (V8's gc, exposed for the call). */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** A checkpoint of the bench's database (skipped where the role may not: a DATABASE_URL server's). */
async function checkpoint(connection: DbConnection): Promise<void> {
  const client = new pg.Client(typeof connection === 'string' ? { connectionString: connection } : connection);
  await client.connect();
  try {
    await client.query('CHECKPOINT').catch(() => undefined);
  } finally {
    await client.end();
  }
}

/** A checkpoint, then this process's garbage collected, then the server's (bench-server.ts answers 'settled'). */
export async function settle(server: ChildProcess, connection: DbConnection): Promise<void> {
  await checkpoint(connection);
  collectGarbage();
  await new Promise<void>((resolve) => {
    const done = (message: unknown) => {
      if (message !== 'settled') return;
      server.off('message', done);
      resolve();
    };
    server.on('message', done);
    server.send('settle');
  });
}
