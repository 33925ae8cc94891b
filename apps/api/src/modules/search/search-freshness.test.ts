/** The search cache never serves an event older than the last committed write, on any instance. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import type { TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';
import { refreshEventDays } from '../events/event-days.repository';
import { eventsChanged } from '../events/events.repository';
import { createInstances, type Instances } from './two-instances.test-helper';

let instances: Instances;
let a: FastifyInstance;
let b: FastifyInstance;
let owner: UserRow;
let admin: UserRow;
beforeAll(async () => {
  instances = await createInstances(2);
  [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  const ctx = { app: a, db: instances.db } as TestContext;
  owner = await createUser(ctx, 'event-manager');
  admin = await createUser(ctx, 'admin');
});
afterAll(() => instances.close());

const MONTREAL = { northLat: 46, southLat: 45, eastLng: -73, westLng: -74 };
const day = () => wallClock(24).slice(0, 10);

type Found = { events: Array<{ id: number; titleFr: string; isPast: boolean }>; eventIds: number[] };
async function search(app: FastifyInstance, excludeIds: number[] = []): Promise<Found> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/public/events/search',
    payload: { mapBounds: MONTREAL, selectedDay: day(), excludeIds },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function write(app: FastifyInstance, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const user = url.includes('/admin/') ? admin : owner;
  const res = await app.inject({ method, url: `/api/v1${url}`, headers: authHeaders(app, user), payload });
  expect(res.statusCode).toBeLessThan(300);
  return res.statusCode === 204 ? undefined : res.json();
}

const create = async (app: FastifyInstance, overrides: Record<string, unknown> = {}) =>
  (await write(app, 'POST', '/connected/events', eventBody(overrides))).event as { id: number };

const titleOf = (found: Found, id: number) => found.events.find((e) => e.id === id)?.titleFr;

describe('one instance', () => {
  it('shows a title change, a deactivation, a deletion and a move on the very next search', async () => {
    const kept = await create(a, { titleFr: 'Reste' });
    const event = await create(a, { titleFr: 'Avant' });
    expect(titleOf(await search(a), event.id)).toBe('Avant');
    expect(titleOf(await search(a), event.id)).toBe('Avant'); // now cached
    await search(a, [kept.id]); // cache the pieces of the excludeIds path too

    await write(a, 'PUT', `/connected/events/${event.id}`, eventBody({ titleFr: 'Après' }));
    expect(titleOf(await search(a), event.id)).toBe('Après');
    expect(titleOf(await search(a, [kept.id]), event.id)).toBe('Après');

    await write(a, 'PUT', `/connected/events/${event.id}`, eventBody({ titleFr: 'Après', latitude: 43.65 }));
    expect((await search(a)).eventIds).not.toContain(event.id);
    await write(a, 'PUT', `/connected/events/${event.id}`, eventBody({ titleFr: 'Revenu' }));
    expect(titleOf(await search(a, [kept.id]), event.id)).toBe('Revenu');

    await write(a, 'PUT', `/connected/admin/events/${event.id}`, eventBody({ titleFr: 'Revenu', active: false }));
    expect((await search(a)).eventIds).not.toContain(event.id);
    expect((await search(a, [kept.id])).eventIds).not.toContain(event.id);

    const doomed = await create(a, { titleFr: 'Condamné' });
    expect((await search(a)).eventIds).toContain(doomed.id);
    await write(a, 'DELETE', `/connected/events/id/${doomed.id}`);
    const after = await search(a);
    expect(after.eventIds).not.toContain(doomed.id);
    expect(after.eventIds).toContain(kept.id);
  });

  it('flips isPast when the last date ends, without any write', async () => {
    const event = await create(a, { titleFr: 'Bientôt fini' });
    // The event ends 2 seconds from now (wall clock in its zone); written as the app writes (version raised).
    await instances.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE event_dates SET start_date = date_trunc('day', now() AT TIME ZONE 'America/Toronto') + interval '1 second',
        end_date = (now() AT TIME ZONE 'America/Toronto') + interval '2 seconds' WHERE event_id = ${event.id}`);
      await refreshEventDays(tx, [event.id]);
      await eventsChanged(tx, { type: 'updated', id: event.id, uuid: '' });
    });
    const today = wallClock(0).slice(0, 10);
    const find = async () => {
      const res = await a.inject({
        method: 'POST',
        url: '/api/v1/public/events/search',
        payload: { mapBounds: MONTREAL, selectedDay: today },
      });
      return (res.json() as Found).events.find((e) => e.id === event.id);
    };
    expect((await find())?.isPast).toBe(false);
    expect((await find())?.isPast).toBe(false);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await find())?.isPast).toBe(true);
  });
});

describe('two instances on one database', () => {
  it('a write on A is seen by the next search on B', async () => {
    const event = await create(a, { titleFr: 'Partagé' });
    expect(titleOf(await search(b), event.id)).toBe('Partagé');
    expect(titleOf(await search(b), event.id)).toBe('Partagé');

    await write(a, 'PUT', `/connected/events/${event.id}`, eventBody({ titleFr: 'Changé sur A' }));
    expect(titleOf(await search(b), event.id)).toBe('Changé sur A');

    await write(b, 'PUT', `/connected/events/${event.id}`, eventBody({ titleFr: 'Changé sur B' }));
    expect(titleOf(await search(a), event.id)).toBe('Changé sur B');

    await write(a, 'DELETE', `/connected/events/id/${event.id}`);
    expect((await search(b)).eventIds).not.toContain(event.id);
  });

  it('never serves a stale answer while writes and searches interleave', async () => {
    const event = await create(a, { titleFr: 'v0' });
    for (let n = 1; n <= 15; n++) {
      const searches = Array.from({ length: 4 }, () => search(b));
      await write(a, 'PUT', `/connected/events/${event.id}`, eventBody({ titleFr: `v${n}` }));
      await Promise.all(searches);
      // Every search started after the commit sees it.
      const seen = await Promise.all([search(b), search(a), search(b, [999_999])]);
      for (const found of seen) expect(titleOf(found, event.id)).toBe(`v${n}`);
    }
  });
});
