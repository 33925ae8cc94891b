/**
 * One of two instances dies (SIGKILL) while writes run through the balancer (issue: production and scale-out):
 * every write that was acknowledged is in the database, and the balancer keeps answering through the survivor.
 */

import type { Event } from '@evmap/contract/events';
import type { AuthResponse } from '@evmap/contract/users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dayFromToday, verifiedOrganisation } from '../e2e/support/api';
import { Cluster, type InstanceName } from './support/cluster';

/** The load: 4 writers, at most 400 writes and 10 s; the kill after 40 acknowledged writes. */
const WRITERS = 4;
/**
 * Organisations the writers take turns with: one account may save 30 events a minute (EVENT_WRITE_LIMITS), so the
 * load is spread as many organisers would spread it on a real day, 240 writes a minute in all.
 */
const ORGANISERS = 8;
const MAX_WRITES = 400;
const MAX_MS = 10_000;
const KILL_AFTER_ACKS = 40;
/** Writes started after the kill before the load stops (if neither bound came first). */
const WRITES_AFTER_KILL = 80;

type Write = {
  title: string;
  startedAt: number;
  /** 0: no answer (the connection failed). */
  status: number;
  id?: number;
  upstream?: InstanceName;
};

let cluster: Cluster;
let organisers: AuthResponse[];

beforeAll(async () => {
  cluster = await Cluster.start();
  organisers = [];
  for (let n = 0; n < ORGANISERS; n++) organisers.push(await verifiedOrganisation(cluster.server(), `Load Org ${n}`));
});

afterAll(async () => {
  await cluster?.close();
});

it('keeps every acknowledged write and answers through the other instance after one is killed', async () => {
  const victim = cluster.instance('a');
  const day = dayFromToday(1);
  const writes: Write[] = [];
  const started = Date.now();
  let killing = false;
  let killedAt = Number.POSITIVE_INFINITY;
  const afterKill = () => writes.filter((w) => w.startedAt > killedAt).length;
  const done = () => writes.length >= MAX_WRITES || Date.now() - started > MAX_MS || afterKill() >= WRITES_AFTER_KILL;

  /** Creates events one after the other, as a verified organiser, until the load stops. */
  async function writer(n: number): Promise<void> {
    for (let i = 0; !done(); i++) {
      const write: Write = { title: `Charge ${n}-${i}`, startedAt: Date.now(), status: 0 };
      writes.push(write);
      try {
        const answer = await cluster.call('POST', '/connected/events', {
          jwt: organisers[(n + i * WRITERS) % ORGANISERS]!.jwt,
          body: {
            titleFr: write.title,
            categoryId: 1,
            address: '1 rue Sainte-Catherine',
            city: 'Montréal',
            state: 'QC',
            latitude: 45.5,
            longitude: -73.56,
            dates: [{ startDate: `${day} 18:00:00`, endDate: `${day} 20:00:00` }],
          },
          signal: AbortSignal.timeout(10_000),
        });
        write.status = answer.status;
        write.upstream = answer.upstream;
        if (answer.status === 200) write.id = (answer.body as { event: Event }).event.id;
      } catch {
        // no answer at all: not acknowledged
      }
      const acked = writes.filter((w) => w.status === 200).length;
      if (!killing && acked >= KILL_AFTER_ACKS) {
        killing = true;
        victim.process.kill('SIGKILL');
        void victim.exited.then(() => {
          killedAt = Date.now();
        });
      }
    }
  }
  await Promise.all(Array.from({ length: WRITERS }, (_, n) => writer(n)));
  const acked = writes.filter((w) => w.status === 200);
  const summary = `${writes.length} writes in ${Date.now() - started} ms: ${acked.length} acknowledged (${
    acked.filter((w) => w.upstream === 'a').length
  } by the killed instance), ${afterKill()} started after the kill, statuses ${[...new Set(writes.map((w) => w.status))]}`;
  // The load ended before enough writes were acknowledged to kill an instance: say why rather than wait for good.
  expect(killing, summary).toBe(true);
  expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });
  // Both instances acknowledged writes, and the load went on after the kill.
  expect(
    acked.some((w) => w.upstream === 'a'),
    summary,
  ).toBe(true);
  expect(
    acked.some((w) => w.upstream === 'b'),
    summary,
  ).toBe(true);
  expect(afterKill(), summary).toBeGreaterThan(0);

  // Every acknowledged write is in the database.
  const { rows } = await cluster.pool.query<{ id: number; title_fr: string }>(
    'SELECT id, title_fr FROM events WHERE id = ANY($1::int[]) ORDER BY id',
    [acked.map((w) => w.id)],
  );
  expect(new Map(rows.map((row) => [row.id, row.title_fr]))).toEqual(new Map(acked.map((w) => [w.id, w.title])));

  // Once the instance was gone, every write went through the other one.
  const late = writes.filter((w) => w.startedAt > killedAt);
  expect(
    late.filter((w) => w.status !== 200 || w.upstream !== 'b'),
    summary,
  ).toEqual([]);
  for (let i = 0; i < 6; i++) {
    const health = await cluster.call('GET', '/health');
    expect([health.status, health.upstream]).toEqual([200, 'b']);
  }
  console.warn(`failover: ${summary}`);
});
