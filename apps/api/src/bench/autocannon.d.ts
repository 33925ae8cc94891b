/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; min: number; max: number; p50: number; p90: number; p99: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };
  export type Client = { setBody(body: string | Buffer): void };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    setupClient?: (client: Client) => void;
    requests?: Array<{ setupRequest?: (request: { body?: string }) => { body?: string } }>;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
