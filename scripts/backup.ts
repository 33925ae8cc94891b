/**
 * DATA_DIR=… npm run backup -- FILE
 *
 * Writes one .tar.gz of the embedded install in DATA_DIR (default ./data): its PostgreSQL database (an online base
 * backup while the app runs, a copy of the stopped cluster otherwise), the uploads (UPLOADS_DIR, by default
 * DATA_DIR/uploads) and the generated secrets. See apps/api/src/ops/backup.ts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backup } from '../apps/api/src/ops/backup';
import { DATABASE_URL_ADVICE, embeddedPaths, interruption, stopOnSignals } from './backup-cli';

const say = (message: string) => process.stderr.write(`[backup] ${message}\n`);

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    say('Usage: DATA_DIR=<folder> npm run backup -- <file.tar.gz>');
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  if (process.env.DATABASE_URL?.trim()) throw new BackupError(DATABASE_URL_ADVICE);
  const file = path.resolve(positionals[0]!);
  const paths = embeddedPaths();
  const started = performance.now();
  say(`backing up ${paths.dataDir} to ${file}`);
  if (process.env.S3_BUCKET?.trim()) {
    say(`S3_BUCKET is set: the images are in that bucket, not in this archive; back the bucket up with its own tools`);
  }
  const { method } = await backup(paths, file, say, { signal: stopOnSignals(say) });
  say(`done (${method}) in ${((performance.now() - started) / 1000).toFixed(1)} s: ${file}`);
}

main().catch((error: unknown) => {
  const stopped = interruption(error);
  if (stopped) {
    say(`stopped by ${stopped.signal}: nothing was written`);
    return;
  }
  say(error instanceof BackupError ? error.message : ((error as Error)?.stack ?? String(error)));
  process.exitCode = 1;
});
