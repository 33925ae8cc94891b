/**
 * The last resort of a stop: a worker thread that ends the process at a deadline even when the main thread is
 * stuck (a synchronous write that never returns, an `exit` listener that never ends, a busy loop), since no timer of
 * the main thread can fire then. It first kills the embedded PostgreSQL server (unless the main thread saw it exit)
 * and removes the DATA_DIR lock if it is still this process's, then sends the process SIGKILL.
 */
import { Worker } from 'node:worker_threads';

export type Watchdog = {
  /** Tells the watchdog that the database server exited and was reaped (its pid must not be signalled any more). */
  databaseGone(): void;
};

const WATCHDOG_CODE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { ms, pgPid, lockFile, lockText, flags } = workerData;
const gone = new Int32Array(flags);
setTimeout(() => {
  try { fs.writeSync(2, '[evmap] the stop did not end in time: killing the process\\n'); } catch {}
  if (pgPid && Atomics.load(gone, 0) === 0) { try { process.kill(-pgPid, 'SIGKILL'); } catch {} }
  try { if (lockFile && fs.readFileSync(lockFile, 'utf8') === lockText) fs.rmSync(lockFile, { force: true }); } catch {}
  process.kill(process.pid, 'SIGKILL');
}, ms);
`;

/** Starts the watchdog: `ms` from now, the process is killed if it still runs. */
export function startWatchdog(
  ms: number,
  database: { pid?: number; lockFile?: string; lockText?: string } = {},
): Watchdog {
  const flags = new SharedArrayBuffer(4);
  const worker = new Worker(WATCHDOG_CODE, {
    eval: true,
    workerData: { ms, pgPid: database.pid, lockFile: database.lockFile, lockText: database.lockText, flags },
  });
  // It must never keep the process alive by itself, nor crash it.
  worker.unref();
  worker.on('error', () => undefined);
  return { databaseGone: () => Atomics.store(new Int32Array(flags), 0, 1) };
}
