/** Session advisory locks through a pool: taken and released on one connection, whatever `work` does meanwhile. */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneDatabase } from '../../test/database';
import { createPool, withAdvisoryLock, withTryAdvisoryLock } from './client';

let database: Awaited<ReturnType<typeof cloneDatabase>>;
let pool: pg.Pool;
const LOCK = 727_999;

beforeAll(async () => {
  database = await cloneDatabase(inject('dbServer'), inject('dbTemplate'));
  pool = createPool(database.connection, 4);
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

/** Whether a session other than the pool's can take the lock now (released at once if so). */
async function free(): Promise<boolean> {
  const other = await pool.connect();
  try {
    const taken = await other.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LOCK]);
    if (taken.rows[0]?.ok) await other.query('SELECT pg_advisory_unlock($1)', [LOCK]);
    return taken.rows[0]?.ok === true;
  } finally {
    other.release();
  }
}

describe('advisory locks through the pool', () => {
  it('are released when the work ends, even while its queries keep other connections busy', async () => {
    let slow: Promise<unknown> | undefined;
    const answer = await withAdvisoryLock(pool, LOCK, async () => {
      expect(await free()).toBe(false);
      // A query still running when the work ends: it holds whichever connection was idle.
      slow = pool.query('SELECT pg_sleep(0.3)');
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await free()).toBe(true);
    await slow;
  });

  it('are released when the work fails', async () => {
    await expect(
      withAdvisoryLock(pool, LOCK, async () => {
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await free()).toBe(true);
  });

  it('are tried without waiting: held elsewhere, the work does not run', async () => {
    const other = await pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [LOCK]);
      let ran = false;
      expect(await withTryAdvisoryLock(pool, LOCK, async () => (ran = true))).toBeUndefined();
      expect(ran).toBe(false);
      await other.query('SELECT pg_advisory_unlock($1)', [LOCK]);
    } finally {
      other.release();
    }
    expect(await withTryAdvisoryLock(pool, LOCK, async (db) => (await db.execute('SELECT 1 AS one')).rows)).toEqual([
      { one: 1 },
    ]);
    expect(await free()).toBe(true);
  });
});
