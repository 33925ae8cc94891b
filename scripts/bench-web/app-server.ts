/**
 * The built server (`node apps/api/dist/server.js`) on a free port of 127.0.0.1 with a temporary DATA_DIR
 * (embedded PostgreSQL) and the demo data, as `npm start` serves a first visitor.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { urlOf } from '@evmap/contract/routes/route';

const START_TIMEOUT_MS = 120_000;

export type AppServer = { url: string; dataDir: string; output: () => string; stop: () => Promise<void> };

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Stops `child` (SIGTERM, then SIGKILL after `graceMs`) and resolves once it has exited; at once if it already has. */
export async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (!running(child)) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function startAppServer(root: string): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evmap-bench-web-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      APP_URL: url,
      // The defaults of a single machine (as `npm start`), whatever the caller's shell holds.
      NODE_ENV: 'development',
      DATABASE_URL: '',
      TILE_URL: '',
      REDIS_URL: '',
      TILE_ATTRIBUTION: '',
      UPLOADS_DIR: '',
      S3_BUCKET: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (data: Buffer) => {
    log = (log + data.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const stop = async () => {
    await stopChild(child, 20_000);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (!running(child)) throw new Error(`the server exited (code ${child.exitCode}) before it was ready:\n${log}`);
      if (Date.now() > deadline)
        throw new Error(`the server was not ready after ${START_TIMEOUT_MS / 1000} s:\n${log}`);
      const ok = await fetch(`${url}${urlOf(globalsRoutes.health)}`, { signal: AbortSignal.timeout(2_000) })
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, output: () => log, stop };
}
