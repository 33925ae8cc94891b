/**
 * The markers' front door over a listening server: an answer sent once is sent again, with the same headers and
 * bytes (fetch decodes them), without reaching Fastify; a change, a drain or request logging sends requests to Fastify again.
 */
import { decodeMarkers } from '@evmap/contract/markers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { DOWNTOWN_MONTREAL, eventBody, tileHolding, wallClock } from '../../../test/events';
import { recentLocalEventWrite } from '../../lib/local-event-writes';
import type { UserRow } from '../../plugins/auth';
import { MarkersFrontDoor } from './markers-front-door';

let ctx: TestContext;
let owner: UserRow;
let base: string;
const day = wallClock(24).slice(0, 10);
const PLACE = DOWNTOWN_MONTREAL;
const tile = tileHolding(PLACE);
const path = `/api/v1/public/events/markers?day=${day}&z=${tile.z}&x=${tile.x}&y=${tile.y}&lang=fr`;

/** Whether the front door answered each request since the last call. */
let served: { mock: { results: Array<{ value: unknown }> } };
const doorAnswered = () => served.mock.results.at(-1)?.value === true;

const get = async (headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, door: doorAnswered() };
};
/** Headers that differ from one response to the next by nature. */
const comparable = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => !['date', 'x-request-id', 'keep-alive'].includes(name)));

const pastLocalWrites = () => vi.waitFor(() => expect(recentLocalEventWrite()).toBe(false), { timeout: 5000 });
/** A title longer than the marker's cut, so that the answer (1 KB or more) is compressed. */
const createEvents = async (count: number, prefix: string) => {
  for (let i = 0; i < count; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/events',
      headers: authHeaders(ctx.app, owner),
      payload: eventBody({
        ...PLACE,
        latitude: PLACE.latitude + i / 10_000,
        titleFr: `${prefix} ${i} : une soirée au parc avec des musiciens du quartier`,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
};

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'event-manager');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  served = vi.spyOn(ctx.app.markersFrontDoor, 'serve');
  await createEvents(12, 'Concert');
});
afterAll(() => ctx.close());

describe('the markers front door', () => {
  it('sends an answer again without Fastify, with the same headers and bytes, in each encoding', async () => {
    expect(ctx.app.eventChanges.connected).toBe(true);
    await pastLocalWrites();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': encoding };
      const first = await get(headers);
      // The first answer of the address comes from Fastify (the others may come from the door: the address is known).
      if (encoding === 'br') expect(first.door).toBe(false);
      expect(first.response.status).toBe(200);
      // The compressed copy is made off the event loop: the door sends it once it exists.
      const second = await vi.waitFor(
        async () => {
          const again = await get(headers);
          expect(again.door).toBe(true);
          return again;
        },
        { timeout: 5000 },
      );
      expect(second.response.status).toBe(200);
      expect(comparable(second.response.headers)).toEqual(comparable(first.response.headers));
      expect(second.response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.response.headers.get('x-request-id')).not.toBe(first.response.headers.get('x-request-id'));
      expect(second.response.headers.get('content-security-policy')).toBeTruthy();
      expect(second.response.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      // fetch decodes what it receives.
      expect(decodeMarkers(JSON.parse(second.body.toString())).length).toBe(12);
      expect(second.body.equals(first.body)).toBe(true);
    }
  });

  it('answers a revalidation 304 as Fastify does', async () => {
    const current = await get({ 'accept-encoding': 'br' });
    const etag = current.response.headers.get('etag')!;
    const door = await get({ 'accept-encoding': 'br', 'if-none-match': etag });
    expect(door.door).toBe(true);
    expect(door.response.status).toBe(304);
    expect(door.body.length).toBe(0);
    // The same answer through Fastify: the same query written otherwise (French is the default language), an address
    // the door has never seen.
    const response = await fetch(`${base}${path.replace('&lang=fr', '')}`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(doorAnswered()).toBe(false);
    expect(response.status).toBe(304);
    expect(comparable(door.response.headers)).toEqual(comparable(response.headers));
  });

  it('lets Fastify answer again once a change touches the tile, with the new marker', async () => {
    expect((await get({ 'accept-encoding': 'br' })).door).toBe(true);
    await createEvents(1, 'Théâtre');
    const fresh = await get({ 'accept-encoding': 'br' });
    expect(fresh.door).toBe(false);
    const list = decodeMarkers(JSON.parse(fresh.body.toString()));
    expect(list.map((marker) => marker.title)).toContainEqual(expect.stringMatching(/^Théâtre 0/));
    await pastLocalWrites();
    await get({ 'accept-encoding': 'br' });
    await vi.waitFor(async () => expect((await get({ 'accept-encoding': 'br' })).door).toBe(true), { timeout: 5000 });
  });

  it('leaves to Fastify other methods, other addresses and requests with a body', async () => {
    const head = await fetch(`${base}${path}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(doorAnswered()).toBe(false);
    const other = await fetch(`${base}${path}&category=1`);
    expect(other.status).toBe(200);
    expect(doorAnswered()).toBe(false);
    const invalid = await fetch(`${base}${path.replace('z=11', 'z=3')}`);
    expect(invalid.status).toBe(400);
    expect(doorAnswered()).toBe(false);
  });
});

describe('MarkersFrontDoor', () => {
  it('stays shut while its gate is shut, and forgets an answer its source no longer holds', () => {
    let open = false;
    const answer = {
      body: Buffer.from('{}'),
      etag: '"m1"',
      encoded: Object.assign(async () => Buffer.alloc(0), { now: () => undefined }),
    };
    let current: typeof answer | undefined = answer;
    const door = new MarkersFrontDoor(() => open);
    door.attach({ current: () => current });
    door.remember('/m', 'k', '"m1"', { 'content-type': 'application/json', etag: '"m1"' });
    const written: unknown[] = [];
    const response = { writeHead: (...args: unknown[]) => written.push(args), end: () => undefined } as never;
    const request = (url: string) => ({ method: 'GET', url, headers: {} }) as never;
    expect(door.serve(request('/m'), response)).toBe(false);
    open = true;
    expect(door.serve(request('/m'), response)).toBe(true);
    expect(written).toHaveLength(1);
    expect(door.serve(request('/other'), response)).toBe(false);
    current = undefined;
    expect(door.serve(request('/m'), response)).toBe(false);
    current = answer;
    // Forgotten: Fastify answers until it remembers the address again.
    expect(door.serve(request('/m'), response)).toBe(false);
  });
});
