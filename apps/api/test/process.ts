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

/** Starts `src/server.ts` on `dataDir` (development mode, no demo data, warnings only) with `env` on top. */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  options: { group?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const started = runTsx(
    ['src/server.ts'],
    apiDir,
    { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: '0', LOG_LEVEL: 'warn', ...env },
    options.group,
  );
  return { ...started, port, url: `http://127.0.0.1:${port}` };
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
