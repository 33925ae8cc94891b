/** What `npm run backup` and `npm run restore` share: the folders of the install, and the advice for DATABASE_URL. */
import path from 'node:path';
import type { BackupPaths } from '../apps/api/src/ops/backup';

/** DATA_DIR and UPLOADS_DIR as the app reads them (apps/api/src/config.ts). */
export function embeddedPaths(env: NodeJS.ProcessEnv = process.env): BackupPaths {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || 'data');
  return { dataDir, uploadsDir: path.resolve(env.UPLOADS_DIR?.trim() || path.join(dataDir, 'uploads')) };
}

export const DATABASE_URL_ADVICE =
  "DATABASE_URL is set: this command handles only the embedded database of DATA_DIR. Use PostgreSQL's own tools " +
  'on your server instead: pg_dump -Fc -d "$DATABASE_URL" -f evmap.dump, and to restore into an empty database ' +
  'pg_restore --no-owner -d "$DATABASE_URL" evmap.dump; copy the uploads (UPLOADS_DIR or the S3 bucket) and keep ' +
  'JWT_SECRET. See docs/backups.md.';

/**
 * Ctrl-C (SIGINT) or SIGTERM stops the command through the signal answered: it removes what it wrote and exits
 * with 128 + the signal's number. A second one exits at once (the backup's partial archive is still removed).
 */
export function stopOnSignals(say: (message: string) => void): AbortSignal {
  const controller = new AbortController();
  const codes = { SIGINT: 130, SIGTERM: 143 } as const;
  for (const [name, code] of Object.entries(codes)) {
    process.on(name, () => {
      if (controller.signal.aborted) process.exit(code);
      say(`${name}: stopping, and removing what was written`);
      process.exitCode = code;
      controller.abort(new Interrupted(name));
    });
  }
  return controller.signal;
}

export class Interrupted extends Error {
  override name = 'AbortError';
  constructor(readonly signal: string) {
    super(`stopped by ${signal}`);
  }
}

/** The Interrupted behind `error` (thrown as it is, or as the cause of a stream's AbortError), if any. */
export function interruption(error: unknown): Interrupted | undefined {
  if (error instanceof Interrupted) return error;
  const cause = (error as Error | undefined)?.cause;
  return cause instanceof Interrupted ? cause : undefined;
}
