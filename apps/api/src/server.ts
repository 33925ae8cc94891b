/** Entry point: configuration, database (embedded or DATABASE_URL), migrations, first-start data, listen. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDb, createPool, type DbConnection, migrateDatabase } from './db/client';
import { EmbeddedPostgres, StartupError } from './db/embedded-postgres';
import { firstStart } from './first-start';
import { initErrorReporting } from './lib/error-reporting';

const say = (message: string) => process.stdout.write(`[evmap] ${message}\n`);
let embedded: EmbeddedPostgres | undefined;
let app: FastifyInstance | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await app?.close().catch(() => undefined);
  await embedded?.stop().catch(() => undefined);
  process.exit(code);
}

async function main() {
  const config = loadConfig();
  initErrorReporting(config.sentryDsn, config.nodeEnv);
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));

  let connection: DbConnection;
  if (config.databaseUrl) {
    connection = config.databaseUrl;
  } else {
    embedded = new EmbeddedPostgres(config.dataDir, {
      log: say,
      onUnexpectedExit: () => {
        say('the embedded PostgreSQL server stopped unexpectedly; stopping');
        void shutdown(1);
      },
    });
    connection = await embedded.start();
  }

  const setupPool = createPool(connection, 2);
  try {
    await migrateDatabase(setupPool);
  } finally {
    await setupPool.end();
  }

  app = await buildApp(config, { connection });
  await firstStart(createDb(app.pool), config, app.log);
  await app.listen({ host: config.host, port: config.port });
  say(
    `ready on http://localhost:${config.port} (database: ${embedded ? `embedded in ${config.dataDir}/pg` : 'DATABASE_URL'})`,
  );
}

main().catch(async (error: unknown) => {
  const known = error instanceof ConfigError || error instanceof StartupError;
  process.stderr.write(`[evmap] ${known ? (error as Error).message : ((error as Error)?.stack ?? String(error))}\n`);
  await shutdown(1);
});
