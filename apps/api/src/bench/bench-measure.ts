/** One autocannon measurement of one request (2 s warm-up, then the run's duration), as a row of the table. */
import autocannon, { type Result } from 'autocannon';
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
