/**
 * npm run db:seed -- --events 100000 [--database-url URL] [--data-dir DIR] [--uploads-dir DIR] [--batch-size N]
 *
 * Adds N synthetic events spread over Canada (see apps/api/src/demo/seed/seed-generator.ts) to the database of
 * DATABASE_URL, or to the embedded server of DATA_DIR (default ./data): the running app's server
 * when the app is up, otherwise one started for the seed and stopped after it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createPool, migrateDatabase } from '../apps/api/src/db/client';
import { openSeedDatabase } from '../apps/api/src/demo/seed/seed-database';
import { seedEvents } from '../apps/api/src/demo/seed/seed-events';
import { positiveInteger } from './cli-args';

const say = (message: string) => process.stdout.write(`[seed] ${message}\n`);

const USAGE = `Usage: npm run db:seed -- --events N [options]
  --events N          number of synthetic events to add (default 1000)
  --database-url URL  PostgreSQL to fill (default: DATABASE_URL, else the embedded server of DATA_DIR)
  --data-dir DIR      data folder of the embedded server (default: DATA_DIR, else ./data)
  --uploads-dir DIR   where the shared cover images go (default: UPLOADS_DIR, else DATA_DIR/uploads)
  --batch-size N      events per transaction (default 5000)`;

async function main() {
  const { values } = parseArgs({
    options: {
      events: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      'uploads-dir': { type: 'string' },
      'batch-size': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    say(USAGE);
    return;
  }
  const count = positiveInteger('events', values.events, 1000);
  const batchSize = positiveInteger('batch-size', values['batch-size'], 5000);
  const dataDir = path.resolve(values['data-dir'] ?? (process.env.DATA_DIR?.trim() || 'data'));
  const uploadsDir = path.resolve(
    values['uploads-dir'] ?? (process.env.UPLOADS_DIR?.trim() || path.join(dataDir, 'uploads')),
  );
  const databaseUrl = values['database-url'] ?? (process.env.DATABASE_URL?.trim() || undefined);

  const started = performance.now();
  const database = await openSeedDatabase({ databaseUrl, dataDir, log: say });
  say(`database: ${database.description}`);
  // Ctrl-C: stop the server started here cleanly (the batches already committed stay).
  process.once('SIGINT', () => {
    void database.close().finally(() => process.exit(130));
  });
  const pool = createPool(database.connection, 4);
  try {
    await migrateDatabase(pool);
    const result = await seedEvents(pool, { count, uploadsDir, batchSize, log: say });
    say(
      `done: ${result.events} events, ${result.dates} dates, ${result.eventDays} event_days rows in ${(result.ms / 1000).toFixed(1)} s ` +
        `(total with database start ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await pool.end();
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`[seed] ${(error as Error)?.message ?? String(error)}\n`);
  process.exitCode = 1;
});
