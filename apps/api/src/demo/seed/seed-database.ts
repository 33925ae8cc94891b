/**
 * Which PostgreSQL the seed writes to: DATABASE_URL when given; otherwise the embedded server of
 * DATA_DIR — through the running app's server when DATA_DIR/evmap.lock names a live process, or a
 * server started here for the duration of the seed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DbConnection } from '../../db/client';
import { lockHolder } from '../../db/data-dir-lock';
import { EmbeddedPostgres } from '../../db/embedded-postgres';

export type SeedDatabase = { connection: DbConnection; description: string; close: () => Promise<void> };

/** The pid in DATA_DIR/evmap.lock when that process is still running. */
export const runningOwner = lockHolder;

/**
 * How to reach the server of a running app: postmaster.pid says where it listens (socket folder, or
 * 127.0.0.1 and a port when the socket path was too long); by default the socket in DATA_DIR/run.
 */
export function runningServerConnection(dataDir: string): DbConnection {
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  let host = path.join(dataDir, 'run');
  let port = 5432;
  try {
    // Lines: pid, data dir, start time, port, socket directory, listen address, ...
    const lines = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
    port = Number.parseInt(lines[3] ?? '', 10) || port;
    host = lines[4]?.trim() || lines[5]?.trim() || host;
  } catch {
    // Unreadable: keep the defaults of the embedded server.
  }
  return { host, port, user: 'postgres', password, database: 'evmap' };
}

export async function openSeedDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log: (message: string) => void;
}): Promise<SeedDatabase> {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    return { connection: options.databaseUrl, description: `${url.host}${url.pathname}`, close: async () => {} };
  }
  const owner = runningOwner(options.dataDir);
  if (owner) {
    return {
      connection: runningServerConnection(options.dataDir),
      description: `the embedded server of the running app (pid ${owner}) in ${options.dataDir}`,
      close: async () => {},
    };
  }
  const server = new EmbeddedPostgres(options.dataDir, { log: options.log });
  const connection = await server.start();
  return {
    connection,
    description: `an embedded server started on ${options.dataDir}`,
    close: async () => {
      await server.stop();
    },
  };
}
