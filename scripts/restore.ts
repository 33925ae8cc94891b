/**
 * DATA_DIR=… npm run restore -- FILE
 *
 * Brings an embedded install back from an archive of `npm run backup` into DATA_DIR (default ./data), which must
 * be empty or absent. See apps/api/src/ops/backup.ts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restore } from '../apps/api/src/ops/backup';
import { DATABASE_URL_ADVICE, embeddedPaths, interruption, stopOnSignals } from './backup-cli';

const say = (message: string) => process.stderr.write(`[restore] ${message}\n`);

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    say('Usage: DATA_DIR=<empty or absent folder> npm run restore -- <file.tar.gz>');
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  if (process.env.DATABASE_URL?.trim()) throw new BackupError(DATABASE_URL_ADVICE);
  const file = path.resolve(positionals[0]!);
  const paths = embeddedPaths();
  say(`restoring ${file} into ${paths.dataDir}`);
  const { method } = await restore(paths, file, say, { signal: stopOnSignals(say) });
  say(
    `done. Start the app on it: DATA_DIR=${paths.dataDir} npm start` +
      (method === 'online'
        ? ' (at its first start, PostgreSQL replays the write-ahead log saved with the backup)'
        : ''),
  );
}

main().catch((error: unknown) => {
  const stopped = interruption(error);
  if (stopped) {
    say(`stopped by ${stopped.signal}: what was restored is removed`);
    return;
  }
  say(error instanceof BackupError ? error.message : ((error as Error)?.stack ?? String(error)));
  process.exitCode = 1;
});
