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
  'JWT_SECRET. See "Backups" in the README.';
