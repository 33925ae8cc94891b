/** Entry point: configuration, database (embedded or DATABASE_URL), migrations, first-start data, listen. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createPool, type DbConnection, migrateDatabase } from './db/client';
import { EmbeddedPostgres, StartupError } from './db/embedded-postgres';
import { firstStart } from './first-start';
import { initErrorReporting } from './lib/error-reporting';
import { growHeapForLatency } from './lib/heap-growth';
import { logOutput } from './lib/log-output';
import { startWatchdog, type Watchdog } from './lib/watchdog';

const say = (message: string) => process.stdout.write(`[evmap] ${message}\n`);
let embedded: EmbeddedPostgres | undefined;
let app: FastifyInstance | undefined;
let stopping = false;
let watchdog: Watchdog | undefined;
/** SHUTDOWN_TIMEOUT_MS once the configuration is read (a stop before that has nothing to wait for). */
let shutdownTimeoutMs = 15_000;

/** Why the instance stops: a signal (drained first), its database lost, an unexpected error, or a failed start. */
type StopReason = NodeJS.Signals | 'database' | 'error' | 'startup';

const wait = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));
const until = (deadline: number) => Math.max(0, deadline - Date.now());

/** Exits now: no `exit` listener of a library (a log flush that waits for a reader) may keep the process alive. */
function exitNow(code: number): never {
  process.removeAllListeners('exit');
  process.exit(code);
}

/**
 * Stops the instance, within SHUTDOWN_TIMEOUT_MS (T) whatever is in flight:
 * - a signal drains it first: the health check answers 503 and live streams are told to reconnect elsewhere, for
 *   DRAIN_DELAY_MS while requests are still served (a balancer notices and stops sending traffic); then the server
 *   stops accepting, finishes the requests in flight and closes the pool;
 * - at T minus the database's share (a quarter of T, 3 s at most), the connections left open are cut and the
 *   embedded PostgreSQL server is stopped anyway (its fast shutdown ends the queries still running): exit code 1;
 * - the server gets SIGINT, then SIGQUIT, then SIGKILL, and is reaped; the lock is released;
 * - just before T, the main thread kills what is left and exits 1; at T, a watchdog thread does it even if the main
 *   thread is stuck (see lib/watchdog.ts).
 * A second signal exits at once (the database finishes its fast shutdown alone; the next start takes over the lock).
 */
async function shutdown(code: number, reason: StopReason) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  const timeoutMs = shutdownTimeoutMs;
  const cutAt = started + timeoutMs - Math.min(3_000, Math.round(timeoutMs / 4));
  const forceAt = started + timeoutMs - Math.min(500, Math.round(timeoutMs / 10));
  watchdog = startWatchdog(timeoutMs, {
    pid: embedded?.pid,
    lockFile: embedded?.lockFile,
    lockText: embedded?.lockContent,
  });
  setTimeout(() => {
    say(`stopping took longer than ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): killing the database server, exiting`);
    embedded?.kill();
    exitNow(1);
  }, until(forceAt));

  let exitCode = code;
  const running = app;
  if (running) {
    if (reason !== 'startup') {
      if (typeof reason === 'string' && reason.startsWith('SIG')) {
        const { drainDelayMs } = running.config;
        say(`${reason}: draining${drainDelayMs > 0 ? ` for ${drainDelayMs} ms` : ''}, then stopping`);
        running.lifecycle.startDraining();
        if (drainDelayMs > 0) await wait(Math.min(drainDelayMs, until(cutAt)));
      } else {
        running.lifecycle.startDraining();
      }
    }
    const closed = running.close().then(
      () => 'closed' as const,
      () => 'closed' as const,
    );
    if ((await Promise.race([closed, wait(until(cutAt))])) === 'timeout') {
      say(`the drain took longer than ${cutAt - started} ms: closing the connections left open`);
      exitCode = 1;
      running.server.closeAllConnections();
    }
  }
  if (embedded && (await embedded.stop(forceAt)) === 'forced') exitCode = 1;
  exitNow(exitCode);
}

function onSignal(signal: NodeJS.Signals) {
  if (!stopping) {
    void shutdown(0, signal);
    return;
  }
  say(`${signal} again: exiting now`);
  embedded?.abandon();
  exitNow(1);
}

/** The first line of every start: which Node.js runs the server (npm scripts bring Node.js 24; README). */
function sayNodeVersion() {
  const major = Number.parseInt(process.versions.node, 10);
  say(
    `Node.js ${process.version}${major < 24 ? ': older than Node.js 24, the supported LTS (README, Deploying); run it through npm start or node_modules/.bin/node' : ''}`,
  );
}

async function main() {
  growHeapForLatency();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const config = loadConfig();
  sayNodeVersion();
  shutdownTimeoutMs = config.shutdownTimeoutMs;
  initErrorReporting(config.sentryDsn, config.nodeEnv);
  // An error nothing caught (a database client losing its server outside a query, a rejected promise): the process
  // is in an unknown state; stop it the orderly way (the lock released, the database stopped) and exit 1.
  process.on('uncaughtException', (error) => {
    process.stderr.write(`[evmap] unexpected error: ${error?.stack ?? String(error)}\n`);
    void shutdown(1, 'error');
  });

  let connection: DbConnection;
  if (config.databaseUrl) {
    connection = config.databaseUrl;
  } else {
    embedded = new EmbeddedPostgres(config.dataDir, {
      log: say,
      ownProcessGroup: true,
      onExit: () => watchdog?.databaseGone(),
      onUnexpectedExit: ({ code, signal }) => {
        say(
          `the embedded PostgreSQL server stopped unexpectedly (${signal ?? `exit code ${code}`}): ` +
            'stopping (exit code 1) for the supervisor to start the app again',
        );
        void shutdown(1, 'database');
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

  app = await buildApp(config, { connection, logStream: logOutput() });
  await firstStart(app.pool, config, app.log, app.storage, app.payments);
  await app.listen({ host: config.host, port: config.port });
  say(
    `ready on http://localhost:${config.port} (database: ${embedded ? `embedded in ${config.dataDir}/pg` : 'DATABASE_URL'})`,
  );
}

main().catch(async (error: unknown) => {
  const known = error instanceof ConfigError || error instanceof StartupError;
  process.stderr.write(`[evmap] ${known ? (error as Error).message : ((error as Error)?.stack ?? String(error))}\n`);
  await shutdown(1, 'startup');
});
