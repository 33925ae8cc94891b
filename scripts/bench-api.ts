/**
 * npm run bench [-- --events N] [--duration S] [--connections C] [--database-url URL] [--output FILE]
 *   [--only text|markers|import] [--unordered]
 *
 * Seeds N synthetic events (default 100,000) into a fresh database — an embedded PostgreSQL in a temporary
 * folder, or a fresh database on the server of DATABASE_URL / --database-url, dropped afterwards — starts the
 * real app, and measures with autocannon the search against a constant route, and the admin area's lists and
 * dashboard as a signed-in administrator. See apps/api/src/bench/. `--only text` runs the text search scenario alone
 * (issue 24) and prints it, leaving the results file as it is; `--only import` runs the import of 10,000 Montréal
 * records (issue 25), prints it and writes its section of the results file again. The map index of the coming days
 * is put in map order after the seed, as the app's daily job would (event-days-order.ts); `--unordered` leaves it as
 * seeded, for comparison.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runBench } from '../apps/api/src/bench/run-bench';
import { positiveInteger } from './cli-args';

const say = (message: string) => process.stdout.write(`[bench] ${message}\n`);

function onlyScenario(value: string): 'text' | 'markers' | 'import' {
  if (value !== 'text' && value !== 'markers' && value !== 'import') {
    throw new Error(`--only: "text", "markers" and "import" are the scenarios that run alone, not "${value}"`);
  }
  return value;
}

async function main() {
  const { values } = parseArgs({
    options: {
      events: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      'database-url': { type: 'string' },
      output: { type: 'string' },
      only: { type: 'string' },
      unordered: { type: 'boolean' },
    },
  });
  await runBench({
    events: positiveInteger('events', values.events, 100_000),
    durationS: positiveInteger('duration', values.duration, 10),
    connections: positiveInteger('connections', values.connections, 10),
    databaseUrl: values['database-url'] ?? (process.env.DATABASE_URL?.trim() || undefined),
    output: path.resolve(values.output ?? 'bench/results.md'),
    log: say,
    unordered: values.unordered === true,
    ...(values.only === undefined ? {} : { only: onlyScenario(values.only) }),
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench] ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
