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

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops the instance. A signal drains it first: the health check answers 503 and live streams are told to reconnect
 * elsewhere, for DRAIN_DELAY_MS while requests are still served (a balancer notices and stops sending traffic);
 * then the server stops accepting, finishes the requests in flight and closes the pool. Past SHUTDOWN_TIMEOUT_MS,
 * open connections are cut and the process exits 1.
 */
async function shutdown(code: number, signal?: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  const running = app;
  let exitCode = code;
  if (running) {
    const { drainDelayMs, shutdownTimeoutMs } = running.config;
    const deadline = setTimeout(() => {
      say(`the drain took longer than ${shutdownTimeoutMs} ms: closing the connections left open`);
      exitCode = 1;
      running.server.closeAllConnections();
    }, shutdownTimeoutMs);
    deadline.unref();
    if (signal) {
      say(`${signal}: draining${drainDelayMs > 0 ? ` for ${drainDelayMs} ms` : ''}, then stopping`);
      running.lifecycle.startDraining();
      if (drainDelayMs > 0) await wait(drainDelayMs);
    }
    await running.close().catch(() => undefined);
    clearTimeout(deadline);
  }
  await embedded?.stop().catch(() => undefined);
  process.exit(exitCode);
}

async function main() {
  const config = loadConfig();
  initErrorReporting(config.sentryDsn, config.nodeEnv);
  process.once('SIGINT', () => void shutdown(0, 'SIGINT'));
  process.once('SIGTERM', () => void shutdown(0, 'SIGTERM'));

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
