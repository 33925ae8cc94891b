/** Decorates the app with the PostgreSQL pool and the Drizzle instance; closes the pool with the app. */
import fp from 'fastify-plugin';
import type pg from 'pg';
import { createDb, createPool, type Database, type DbConnection } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    pool: pg.Pool;
  }
}

export const dbPlugin = fp<{ connection: DbConnection; poolSize?: number }>(
  async (app, { connection, poolSize }) => {
    const pool = createPool(connection, poolSize);
    app.decorate('pool', pool);
    app.decorate('db', createDb(pool));
    app.addHook('onClose', async () => {
      await pool.end();
    });
  },
  { name: 'db' },
);
