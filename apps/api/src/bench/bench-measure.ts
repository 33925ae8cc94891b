/** One autocannon measurement of one request (2 s warm-up, then the run's duration), as a row of the table. */
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import type { ProbeBatch, ProbeTiming } from './bench-prober';
import type { Row } from './bench-report';

export type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
};

export type MeasureOptions = { connections: number; durationS: number; log: (message: string) => void };

const WARMUP_S = 2;

/** The p-th percentile of `values` (nearest rank), 0 for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function measure(base: string, s: Scenario, options: MeasureOptions, vary?: () => string): Promise<Row> {
  const run = (duration: number) =>
    autocannon({
      url: `${base}${s.path}`,
      connections: options.connections,
      duration,
      method: s.method,
      headers: { 'content-type': 'application/json', ...s.headers },
      body: s.body === undefined ? undefined : JSON.stringify(s.body),
      requests: vary ? [{ setupRequest: (request) => ({ ...request, body: vary() }) }] : undefined,
    });
  await run(WARMUP_S);
  const result: Result = await run(options.durationS);
  const row = {
    name: s.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.requests.average > 0 ? Math.round(result.throughput.average / result.requests.average) : 0,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  options.log(`${row.name}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
  return row;
}

/**
 * One request on a kept-alive connection of node:http, timed from sending to the last byte of the answer (not
 * decoded, as autocannon reads them): what the server takes. Anything but a 200 fails the bench. fetch (undici) spent 2-3 ms of the same two cores per
 * answer of 260 KB, time the server and PostgreSQL then waited for. Idle kept-alive sockets do not hold the process
 * (the agent unrefs them).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
export function timedRequest(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: string,
): Promise<{ ms: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(url, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = performance.now() - started;
        const bytes = Buffer.concat(chunks);
        if (response.statusCode !== 200) {
          reject(new Error(`${method} ${url} answered ${response.statusCode}: ${bytes.toString().slice(0, 200)}`));
        } else resolve({ ms, headers: response.headers, bytes });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** `day` plus `n` days (YYYY-MM-DD). */
export function plusDays(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

const PROBER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-prober.ts');

/**
 * Times `batch.timed` one entry at a time (after `batch.untimed`) from a process of its own (bench-prober.ts): what
 * the server takes, without this process's garbage collections in the figures. Node.js runs the prober's TypeScript
 * as it is where it can (type stripping, Node.js 22.18 and later), else through tsx.
 */
export function probe(batch: ProbeBatch): Promise<ProbeTiming[]> {
  const execArgv = process.features.typescript ? ['--no-warnings'] : ['--import', 'tsx'];
  const child = fork(PROBER_FILE, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { timings?: ProbeTiming[]; error?: string }) => {
      if (message.timings) resolve(message.timings);
      else reject(new Error(`bench prober: ${message.error}`));
    });
    child.once('exit', (code) => reject(new Error(`the bench prober exited (code ${code}) before answering`)));
    child.send(batch);
  });
}
