/** The server as an operator runs it: a real process (tsx on src/server.ts) on a DATA_DIR, on a free loopback port. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { urlOf } from '@evmap/contract/routes/route';

const apiDir = path.resolve(import.meta.dirname, '..');

export type ServerProcess = TsxProcess & { port: number; url: string };

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A process run with tsx, what it printed so far (stdout and stderr) and its exit code once it exited. */
export type TsxProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * Runs `node --import tsx ARGS` in `cwd` with PATH, NODE_ENV=development and `env` only. With `group`, the process
 * leads a process group of its own, which `signalGroup` signals whole (what a terminal, a supervisor or a container
 * stop does).
 */
export function runTsx(args: string[], cwd: string, env: Record<string, string>, group = false): TsxProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd,
    env: { PATH: process.env.PATH, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * How long a server process may take to print its first line (its Node.js version, the first thing it does) before
 * it counts as stalled: seen on a loaded machine, a process hung in Node's module loader before any code of ours ran
 * and never exited.
 */
const FIRST_LINE_MS = 90_000;

/** True once the process printed something or exited; false when `ms` passed first. */
function firstSign(started: TsxProcess, ms: number): Promise<boolean> {
  if (started.output() !== '' || started.child.exitCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (seen: boolean) => {
      clearTimeout(timer);
      started.child.stdout?.off('data', sign);
      started.child.stderr?.off('data', sign);
      started.child.off('exit', sign);
      resolve(seen);
    };
    const sign = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    started.child.stdout?.on('data', sign);
    started.child.stderr?.on('data', sign);
    started.child.on('exit', sign);
  });
}

/**
 * Starts `src/server.ts` on `dataDir` (development mode, no demo data, warnings only) with `env` on top. A process
 * that stalled before running any of our code (FIRST_LINE_MS) is killed and started once more: it is no behaviour
 * of the server to judge.
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  options: { group?: boolean } = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const started = runTsx(
      ['src/server.ts'],
      apiDir,
      { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: '0', LOG_LEVEL: 'warn', ...env },
      options.group,
    );
    if (attempt === 2 || (await firstSign(started, FIRST_LINE_MS))) {
      return { ...started, port, url: `http://127.0.0.1:${port}` };
    }
    started.child.kill('SIGKILL');
    await started.exited;
  }
}

/** Sends `signal` to the whole process group of a process started with `group`. */
export function signalGroup(server: TsxProcess, signal: NodeJS.Signals): void {
  process.kill(-(server.child.pid as number), signal);
}

// Whether a process, or a process group, still exists: the server's own checks (a zombie counts).
export { groupAlive, isAlive } from '../src/db/embedded-postgres';

/** The exit code once the process exited, or 'still running' after `ms` (a bound for a process that must end). */
export function exitWithin(server: TsxProcess, ms: number): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), ms);
  });
  return Promise.race([server.exited, late]).finally(() => clearTimeout(timer));
}

/** Waits until the health check answers 200 (a minute at most), or fails with what the process printed. */
export async function waitReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}${urlOf(globalsRoutes.health)}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready:\n${server.output()}`);
}
