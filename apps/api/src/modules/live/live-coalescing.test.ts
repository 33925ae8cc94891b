/**
 * Event writes reach open maps at a bounded rate: writes are limited per account, and the changes of one event make
 * at most one live message per window, on every instance (over real HTTP, a stream of instance B, writes on A).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import type { TestContext } from '../../../test/app';
import { eventBody } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';
import { EVENT_WRITE_LIMITS } from '../events/owner-events.routes';
import { createInstances, type Instances } from '../search/two-instances.test-helper';
import { DEFAULT_COALESCE_MS } from './live.routes';

let instances: Instances;
let a: FastifyInstance;
let b: FastifyInstance;
let baseB: string;
let ctx: TestContext;
let owner: UserRow;
// A window far longer than the test: whatever the machine's speed, writes fall inside it; its end is not awaited
// except in the test that proves the latest change is sent when it ends (a short window there).
const WINDOW_MS = 60_000;

async function startB(coalesceMs: number) {
  instances = await createInstances(2, { live: { coalesceMs } });
  [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  await b.listen({ host: '127.0.0.1', port: 0 });
  const address = b.server.address();
  baseB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  ctx = { app: a, db: instances.db } as TestContext;
  owner = await createUser(ctx, 'event-manager');
}

type Change = { type: string; id: number; uuid: string };

/** An open stream of B and the changes it received, in order; `until` awaits a change matching `test`. */
async function openStream() {
  const controller = new AbortController();
  const res = await fetch(`${baseB}/api/v1/public/events/stream`, { signal: controller.signal });
  const changes: Change[] = [];
  let wake: () => void = () => undefined;
  let opened: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    opened = resolve;
  });
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        if (buffer.includes(': connected')) opened();
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.match(/^event: change\ndata: (.*)$/m)?.[1];
          if (data) changes.push(JSON.parse(data));
        }
        wake();
      }
    } catch {
      // aborted
    }
  })();
  await ready;
  const until = async (test: (change: Change) => boolean): Promise<Change> => {
    for (;;) {
      const found = changes.find(test);
      if (found) return found;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  return { changes, until, close: () => controller.abort() };
}

const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en') =>
  a.inject({ method, url: `/api/v1${url}`, headers: authHeaders(a, owner, lang), payload });

describe('with a long coalescing window', () => {
  beforeAll(() => startB(WINDOW_MS));
  afterAll(() => instances.close());

  it('sends one message for many writes to one event, and still the first change of every other event', async () => {
    const stream = await openStream();
    const created = (await write('POST', '/connected/events', eventBody({ titleFr: 'v0' }))).json().event;
    for (let n = 1; n <= 5; n++) {
      const res = await write('PUT', `/connected/events/${created.id}`, eventBody({ titleFr: `v${n}` }));
      expect(res.statusCode).toBe(200);
    }
    // Another event written after them: once its change is here, every earlier notification has been handled.
    const other = (await write('POST', '/connected/events', eventBody({ titleFr: 'autre' }))).json().event;
    await stream.until((change) => change.id === other.id);
    expect(stream.changes.filter((change) => change.id === created.id)).toEqual([
      expect.objectContaining({ type: 'created', id: created.id, uuid: created.uuid }),
    ]);
    stream.close();
  });

  it(`limits the writes of one account to ${EVENT_WRITE_LIMITS[0].limit} a minute, with a bilingual 429`, async () => {
    const writer = await createUser(ctx, 'event-manager');
    const as = (method: 'POST' | 'PUT', url: string, lang = 'en') =>
      a.inject({ method, url: `/api/v1${url}`, headers: authHeaders(a, writer, lang), payload: eventBody() });
    const event = (await as('POST', '/connected/events')).json().event;
    for (let n = 1; n < EVENT_WRITE_LIMITS[0].limit; n++) {
      expect((await as('PUT', `/connected/events/${event.id}`)).statusCode).toBe(200);
    }
    const refused = await as('PUT', `/connected/events/${event.id}`, 'fr');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      errors: { global: 'Vous enregistrez des événements trop souvent. Veuillez réessayer dans 1 minute.' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const create = await as('POST', '/connected/events');
    expect(create.statusCode).toBe(429);
    expect(create.json()).toEqual({
      errors: { global: 'You are saving events too often. Please try again in 1 minute.' },
    });
    // Another account is not held back.
    expect((await write('PUT', `/connected/events/${event.id}`, eventBody())).statusCode).toBe(403);
    expect((await write('POST', '/connected/events', eventBody())).statusCode).toBe(200);
  });
});

describe('with the window of production', () => {
  beforeAll(() => startB(DEFAULT_COALESCE_MS));
  afterAll(() => instances.close());

  it('sends the latest change held back when the window ends', async () => {
    const stream = await openStream();
    const created = (await write('POST', '/connected/events', eventBody({ titleFr: 'v0' }))).json().event;
    await write('PUT', `/connected/events/${created.id}`, eventBody({ titleFr: 'v1' }));
    await write('DELETE', `/connected/events/id/${created.id}`);
    const last = await stream.until((change) => change.id === created.id && change.type === 'deleted');
    expect(last).toEqual({ type: 'deleted', id: created.id, uuid: created.uuid, place: null });
    // The update in between was folded into the message that followed the window, or sent alone if the window
    // had already ended (a slow machine): never more than the three writes, the deletion last.
    const ofEvent = stream.changes.filter((change) => change.id === created.id);
    expect(ofEvent[0]).toMatchObject({ type: 'created' });
    expect(ofEvent.at(-1)).toMatchObject({ type: 'deleted' });
    stream.close();
  });
});
