/**
 * The real server (`node apps/api/dist/server.js`) on a free port with a fresh data folder, so
 * every journey file starts from an empty embedded PostgreSQL (no demo data).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { urlOf } from '@evmap/contract/routes/route';
import { REPO_ROOT, SERVER_BUNDLE } from './paths';

const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

export type TestServer = {
  /** Origin of the app, e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** What the server printed so far (for failure messages). */
  output: () => string;
  /** SIGTERM, wait for the exit (SIGKILL after 15 s), then delete the data folder. */
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`the server exited (code ${child.exitCode}) before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${url}${urlOf(globalsRoutes.health)}`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready after ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  const exit = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exit;
  clearTimeout(timer);
}

/** Starts the server; `env` adds or overrides environment variables. */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'evmap-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      // Mailed links point at this server.
      APP_URL: url,
      // Tests play several visitors through X-Forwarded-For, as a proxy on this machine would.
      TRUST_PROXY: 'loopback',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const output = () => log;

  const stop = async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, output, stop };
}
