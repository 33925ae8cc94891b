/** The query plans written under the benchmark's results (EXPLAIN ANALYZE on the bench's database). */
import { type SQL, sql } from 'drizzle-orm';
import { createDb, createPool, type DbConnection } from '../db/client';

/** The plan of each query as EXPLAIN ANALYZE prints it (with buffers, without costs), under its title. */
export async function explainPlans(connection: DbConnection, queries: Array<[string, SQL]>): Promise<string[]> {
  const pool = createPool(connection, 1);
  try {
    const db = createDb(pool);
    const plans: string[] = [];
    for (const [title, query] of queries) {
      const result = await db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`);
      plans.push(`-- ${title}\n${result.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    return plans;
  } finally {
    await pool.end();
  }
}
