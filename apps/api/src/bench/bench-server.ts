/**
 * The benchmark's server process: the real app (buildApp + listen on 127.0.0.1), in its own process so the
 * load generator does not share its event loop. Started by run-bench.ts over IPC: it receives the database
 * connection, answers the port, and closes when told or when its parent goes away. Started with a body
 * instead, it is a bare node:http server sending those bytes: what the same machine can do at best.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DbConnection } from '../db/client';
import { growHeapForLatency } from '../lib/heap-growth';
import { collectGarbage } from './bench-settle';

type Start = { connection: DbConnection; dataDir: string };
/** A bare node:http server answering `body` to every request: the ceiling for answers of that size. */
type Raw = { raw: string; encoding?: string };

let app: FastifyInstance | undefined;
let rawServer: http.Server | undefined;

function startRaw({ raw, encoding }: Raw) {
  const body = Buffer.from(raw, 'base64');
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  };
  rawServer = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, headers);
      response.end(body);
    });
  });
  rawServer.listen(0, '127.0.0.1', () => {
    const address = rawServer?.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
}

async function start({ connection, dataDir }: Start) {
  // As server.ts does: the bench measures the server as it runs.
  growHeapForLatency();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    WEB_DIST: `${dataDir}/no-web-build`,
    // The map order's daily run (event-days-order.ts) is done by the bench before the server starts, as a night
    // would have done it. Left on, its first run came a minute after the start, in the middle of the scenarios: at
    // 1,000,000 events it rewrote 1.34 million rows for three minutes while they were timed.
    EVENT_DAYS_ORDER_INTERVAL_MS: '0',
  });
  app = await buildApp(config, { connection });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
}

async function stop(code: number) {
  await app?.close().catch(() => undefined);
  rawServer?.close();
  rawServer?.closeAllConnections();
  process.exit(code);
}

process.on('message', (message: Start | Raw | 'stop' | 'settle') => {
  if (message === 'stop') void stop(0);
  else if (message === 'settle') {
    collectGarbage();
    process.send?.('settled');
  } else if ('raw' in message) startRaw(message);
  else
    start(message).catch((error: unknown) => {
      process.stderr.write(`[bench-server] ${(error as Error).stack ?? String(error)}\n`);
      void stop(1);
    });
});
process.on('disconnect', () => void stop(0));
