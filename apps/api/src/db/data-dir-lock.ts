/**
 * `<dataDir>/evmap.lock`: the one lock on an embedded install's data directory, taken by the app (while its
 * database runs) and by backup and restore (while they copy a stopped cluster).
 *
 * - The file names its holder: its pid, and its start time and the boot it belongs to, so that a reused pid is
 *   not taken for it. It is created exclusively, and its modification time is refreshed every few seconds while
 *   the holder runs: a second taker refuses instead of corrupting the directory.
 * - A lock whose holder is gone (or whose pid is now another process) is taken over. A holder that is still there
 *   but stuck (no heartbeat) after its own database stopped holds nothing any more: it is ended and its lock taken
 *   over. One whose database still runs, or that is not known for sure, is left alone with a message saying what
 *   to do.
 */
import { readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { commandLine, isAlive, isZombie, processIdentity, waitForExit } from '../lib/processes';

/** The lock's refresh interval, and the silence after which its holder is taken for stuck. */
export const LOCK_HEARTBEAT_MS = 5_000;
export const LOCK_STALE_MS = 30_000;

export const lockFileOf = (dataDir: string) => path.join(dataDir, 'evmap.lock');

/** The pid in DATA_DIR/evmap.lock when that process (not this one) is still running. */
export function lockHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(lockFileOf(dataDir), 'utf8'), 10);
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

export type DataDirLockOptions = {
  log?: (message: string) => void;
  /** The error to throw with a message (StartupError for the app, BackupError for backup and restore). */
  error: (message: string) => Error;
  /** What to say when a running holder refreshes the lock (default: the app's "already in use"). */
  inUse?: (pid: number) => string;
};

export class DataDirLock {
  readonly file: string;
  private text: string | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataDir: string,
    private readonly options: DataDirLockOptions,
  ) {
    this.file = lockFileOf(dataDir);
  }

  /** What this process wrote in the lock, while it holds it. */
  get content(): string | undefined {
    return this.text;
  }

  /** Takes the lock (taking over a stale one), or throws saying who holds it and what to do. */
  async acquire(): Promise<void> {
    const identity = processIdentity(process.pid);
    const text = `${process.pid}\n${identity ? `started ${identity}\n` : ''}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        writeFileSync(this.file, text, { flag: 'wx' });
        this.text = text;
        this.startHeartbeat();
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      await this.judge();
      try {
        unlinkSync(this.file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    throw this.options.error(`Could not lock DATA_DIR ${this.dataDir}`);
  }

  /** Releases the lock, if it is still this process's (a later instance may have taken over a stuck one). */
  release(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    if (this.text === undefined) return;
    try {
      if (readFileSync(this.file, 'utf8') === this.text) rmSync(this.file, { force: true });
    } catch {
      // Already gone.
    }
    this.text = undefined;
  }

  private log(message: string) {
    this.options.log?.(message);
  }

  /** Refreshes the lock's modification time: a later taker tells a stuck holder from a running one by it. */
  private startHeartbeat(): void {
    this.heartbeat = setInterval(() => {
      try {
        if (readFileSync(this.file, 'utf8') !== this.text) return;
        const now = new Date();
        utimesSync(this.file, now, now);
      } catch {
        // The lock was removed: nothing to refresh.
      }
    }, LOCK_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Decides what to do with the lock found in place: returns when it may be taken over (its holder is gone, its
   * pid is now another process, or the holder is stuck after its own database stopped, and has been ended),
   * throws otherwise, saying what to do.
   */
  private async judge(): Promise<void> {
    let text = '';
    let mtimeMs = 0;
    try {
      text = readFileSync(this.file, 'utf8');
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      return; // removed meanwhile
    }
    const [first = '', ...rest] = text.split('\n');
    const pid = Number.parseInt(first, 10);
    const recorded = rest.find((line) => line.startsWith('started '))?.slice('started '.length);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) {
      this.log(`taking over the lock of a process that is gone (pid ${pid || 'unknown'})`);
      return;
    }
    const current = processIdentity(pid);
    // A recycled pid that now belongs to something else must not block (no /proc, as on macOS: trust the pid).
    if ((recorded && current && current !== recorded) || (!recorded && commandLine(pid)?.includes('node') === false)) {
      this.log(`taking over the lock of a process that is gone (pid ${pid}, now used by another process)`);
      return;
    }
    const silentMs = Date.now() - mtimeMs;
    if (silentMs < LOCK_STALE_MS) {
      throw this.options.error(
        this.options.inUse?.(pid) ??
          `DATA_DIR ${this.dataDir} is already in use by another running instance (pid ${pid}). ` +
            'Stop it first, or start this one with another DATA_DIR.',
      );
    }
    const silence = `${Math.round(silentMs / 1000)} s`;
    const databaseRunning = this.databaseRunning();
    if (databaseRunning || !recorded || current !== recorded) {
      throw this.options.error(
        `DATA_DIR ${this.dataDir} is held by pid ${pid}, which has not refreshed its lock for ${silence}` +
          `${databaseRunning ? ' while its database still runs' : ''}. ` +
          `If that instance no longer serves, stop it (kill ${pid}; kill -9 ${pid} if it stays), then start again.`,
      );
    }
    this.log(
      `the instance holding DATA_DIR (pid ${pid}) stopped its database and has not refreshed its lock for ` +
        `${silence}: it is stuck; ending it and taking over`,
    );
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
    if (!(await waitForExit(pid, 10_000)) && processIdentity(pid) === recorded) {
      throw this.options.error(`DATA_DIR ${this.dataDir} is held by pid ${pid}, which could not be ended.`);
    }
  }

  /** Whether the server named by the cluster's postmaster.pid runs. */
  private databaseRunning(): boolean {
    try {
      const pid = Number.parseInt(readFileSync(path.join(this.dataDir, 'pg', 'postmaster.pid'), 'utf8'), 10);
      return Number.isInteger(pid) && isAlive(pid) && !isZombie(pid);
    } catch {
      return false;
    }
  }
}
