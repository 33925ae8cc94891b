/**
 * The timing client of the scenarios timed one request at a time, in a process of its own (forked by probe() in
 * bench-measure.ts). The bench process holds the seed's and the scenarios' garbage (a heap of about 26 MB whose full
 * collection took 26-31 ms): with `--trace-gc`, its collections, started by the answers' buffers every 15-20 requests,
 * fell inside the slowest timed requests, and their marking took the core the server and PostgreSQL were using. This
 * process holds nothing but its requests, so its collections are short and rare.
 *
 * Self-contained (node: modules only), so that Node.js runs it as it is (type stripping) without a loader.
 */
import http from 'node:http';

/** One request. */
export type Probe = { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };

/** What the parent asks: `untimed` first (warm-up), then each of `timed`, its requests sent together. */
export type ProbeBatch = {
  untimed: Probe[][];
  timed: Probe[][];
  /** Count the ids of each answer's `eventIds` (the search's answer). */
  countIds?: boolean;
  /** Send back each timed answer's bytes (base64, as sent) and its content-encoding. */
  keepBodies?: boolean;
};

/** One timed entry: from sending its first request to the last byte of its last answer. */
export type ProbeTiming = {
  ms: number;
  /** Per request of the entry. */
  answers: Array<{ ids?: number; body?: string; encoding?: string }>;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const IDS_AT = Buffer.from('"eventIds":[');

/** How many ids the answer's eventIds holds, counted in its bytes (no JSON parse). */
function countIds(bytes: Buffer): number {
  let at = bytes.indexOf(IDS_AT);
  if (at < 0) throw new Error('the answer has no eventIds');
  at += IDS_AT.length;
  if (bytes[at] === 0x5d) return 0;
  let count = 1;
  for (; at < bytes.length && bytes[at] !== 0x5d; at++) if (bytes[at] === 0x2c) count++;
  return count;
}

function send(probe: Probe, batch: ProbeBatch): Promise<ProbeTiming['answers'][number]> {
  return new Promise((resolve, reject) => {
    const request = http.request(probe.url, { method: probe.method, agent, headers: probe.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (batch.countIds || batch.keepBodies || response.statusCode !== 200) chunks.push(chunk);
      });
      response.on('end', () => {
        const bytes = chunks.length > 0 ? Buffer.concat(chunks) : Buffer.alloc(0);
        if (response.statusCode !== 200) {
          reject(
            new Error(
              `${probe.method} ${probe.url} answered ${response.statusCode}: ${bytes.toString().slice(0, 200)}`,
            ),
          );
          return;
        }
        resolve({
          ...(batch.countIds ? { ids: countIds(bytes) } : {}),
          ...(batch.keepBodies
            ? { body: bytes.toString('base64'), encoding: String(response.headers['content-encoding'] ?? '') }
            : {}),
        });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(probe.body);
  });
}

async function run(batch: ProbeBatch): Promise<ProbeTiming[]> {
  for (const entry of batch.untimed)
    await Promise.all(entry.map((probe) => send(probe, { ...batch, keepBodies: false })));
  const timings: ProbeTiming[] = [];
  for (const entry of batch.timed) {
    const started = performance.now();
    const answers = await Promise.all(entry.map((probe) => send(probe, batch)));
    timings.push({ ms: performance.now() - started, answers });
  }
  return timings;
}

process.once('message', (batch: ProbeBatch) => {
  run(batch).then(
    (timings) => process.send?.({ timings }, () => process.disconnect()),
    (error: unknown) => process.send?.({ error: (error as Error).message }, () => process.disconnect()),
  );
});
