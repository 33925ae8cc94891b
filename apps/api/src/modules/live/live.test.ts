import http from 'node:http';
/** Live updates over real HTTP: a write on instance A reaches a stream served by instance B. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import type { TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';
import { createInstances, type Instances } from '../search/two-instances.test-helper';

let instances: Instances;
let a: FastifyInstance;
let b: FastifyInstance;
let baseB: string;
let owner: UserRow;
let admin: UserRow;
beforeAll(async () => {
  instances = await createInstances(2);
  [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  await a.listen({ host: '127.0.0.1', port: 0 });
  await b.listen({ host: '127.0.0.1', port: 0 });
  const address = b.server.address();
  baseB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const ctx = { app: a, db: instances.db } as TestContext;
  owner = await createUser(ctx, 'event-manager');
  admin = await createUser(ctx, 'admin');
});

type Message = { event: string; data: string };

/** An open stream: its response, and the SSE messages (comments included as event ':') as they arrive. */
async function open(base: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/public/events/stream`, { signal: controller.signal });
  const messages: Message[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  void (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = Object.fromEntries(
            block.split('\n').map((line) => (line.startsWith(':') ? [':', line] : line.split(/: (.*)/s, 2))),
          );
          messages.push({ event: fields.event ?? (fields[':'] ? ':' : 'retry'), data: fields.data ?? '' });
        }
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {
      // aborted
    }
    ended = true;
    for (const wake of waiters.splice(0)) wake();
  })();
  const next = async (event: string, timeoutMs = 5000): Promise<Message> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = messages.findIndex((m) => m.event === event);
      if (index >= 0) return messages.splice(index, 1)[0]!;
      if (ended) throw new Error(`stream ended before "${event}"`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${event}" message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  };
  return { res, messages, next, close: () => controller.abort(), ended: () => ended };
}

async function write(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const user = url.includes('/admin/') ? admin : owner;
  const res = await a.inject({ method, url: `/api/v1${url}`, headers: authHeaders(a, user), payload });
  expect(res.statusCode).toBeLessThan(300);
  return res.statusCode === 204 ? undefined : res.json();
}

describe('the stream', () => {
  it('answers an event stream that is neither cached, buffered nor compressed', async () => {
    const stream = await open(baseB);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.res.headers.get('content-encoding')).toBeNull();
    await stream.next(':');
    stream.close();
  });

  it('carries creations, updates, deactivations and deletions made on another instance', async () => {
    const stream = await open(baseB);
    await stream.next(':');
    const { event } = await write('POST', '/connected/events', eventBody());
    // Where the event now is: its days on the map and its point, so maps refresh only the answers it touches.
    const day = wallClock(24).slice(0, 10);
    const created = JSON.parse((await stream.next('change')).data);
    expect(created).toMatchObject({ type: 'created', id: event.id, uuid: event.uuid });
    expect(created.place).toMatchObject({ lat: 45.4986, lng: -73.5794 });
    expect(created.place.days).toContain(day);

    await write(
      'PUT',
      `/connected/events/${event.id}`,
      eventBody({ titleFr: 'Nouveau titre', latitude: 46.81, longitude: -71.2 }),
    );
    expect(JSON.parse((await stream.next('change')).data)).toMatchObject({
      type: 'updated',
      id: event.id,
      uuid: event.uuid,
      place: { lat: 46.81, lng: -71.2 },
    });

    await write('PUT', `/connected/admin/events/${event.id}`, eventBody({ active: false }));
    expect(JSON.parse((await stream.next('change')).data)).toEqual({
      type: 'deactivated',
      id: event.id,
      uuid: event.uuid,
      place: null,
    });

    await write('DELETE', `/connected/admin/events/id/${event.id}`);
    expect(JSON.parse((await stream.next('change')).data)).toMatchObject({
      type: 'deleted',
      id: event.id,
      place: null,
    });
    stream.close();
  });

  it('sends nothing for a write that rolls back', async () => {
    const stream = await open(baseB);
    await stream.next(':');
    await instances.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_notify('events_changed', '{"type":"created","id":1,"uuid":"x"}')`);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await expect(stream.next('change', 500)).rejects.toThrow(/no "change"/);
    stream.close();
  });

  it('listens again after its connection is cut, and tells clients to resync', async () => {
    const stream = await open(baseB);
    await stream.next(':');
    await instances.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'evmap-live' AND datname = current_database()`);
    await stream.next('resync', 10_000);
    const { event } = await write('POST', '/connected/events', eventBody());
    expect(JSON.parse((await stream.next('change')).data)).toMatchObject({ type: 'created', id: event.id });
    stream.close();
  });

  it('bounds the streams of one address', async () => {
    const streams = await Promise.all(Array.from({ length: 20 }, () => open(baseB)));
    const refused = await fetch(`${baseB}/api/v1/public/events/stream`, { headers: { 'accept-language': 'fr' } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      errors: { global: 'Trop de connexions en direct. Veuillez réessayer plus tard.' },
    });
    for (const stream of streams) stream.close();
    // Closed streams free their places (as soon as the server sees the sockets close: poll, a loaded machine is slow).
    let again = await open(baseB);
    for (let tries = 0; again.res.status !== 200 && tries < 50; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await open(baseB);
    }
    expect(again.res.status).toBe(200);
    again.close();
  });

  it('ends open streams when the app closes, without hanging', async () => {
    // On A, with node:http: after an aborted fetch, undici opens a spare connection that sends no request,
    // and any server waits for it on close until undici drops it 4 s later (B had such clients above).
    const address = a.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const streams = await Promise.all(
      [1, 2].map(
        () =>
          new Promise<{ ended: Promise<void> }>((resolve, reject) => {
            const req = http.get(
              { host: '127.0.0.1', port, path: '/api/v1/public/events/stream', agent: false },
              (res) => {
                const ended = new Promise<void>((done) => res.on('close', () => done()));
                res.once('data', () => resolve({ ended }));
                res.resume();
              },
            );
            req.on('error', reject);
          }),
      ),
    );
    const started = performance.now();
    await a.close();
    expect(performance.now() - started).toBeLessThan(1000);
    await Promise.all(streams.map((s) => s.ended));
  });
});

afterAll(() => instances.close());
