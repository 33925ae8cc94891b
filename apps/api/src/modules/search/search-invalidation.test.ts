/**
 * A write drops only the cached answers it can touch (its days and places, before and after), on every instance;
 * the others are still served from the cache. An answer served from the cache is told apart by a change written
 * behind the app's back (no new version): a recomputed answer would show it, a kept one does not.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import type { TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';
import { createInstances, type Instances } from './two-instances.test-helper';

let instances: Instances;
let a: FastifyInstance;
let b: FastifyInstance;
let owner: UserRow;
beforeAll(async () => {
  instances = await createInstances(2);
  [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  owner = await createUser({ app: a, db: instances.db } as TestContext, 'event-manager');
});
afterAll(() => instances.close());

const MONTREAL = { northLat: 46, southLat: 45, eastLng: -73, westLng: -74 };
const TORONTO = { northLat: 44, southLat: 43, eastLng: -79, westLng: -80 };
const IN_TORONTO = { latitude: 43.65, longitude: -79.38, city: 'Toronto', state: 'ON' };
const dayIn = (days: number) => wallClock(24 * days).slice(0, 10);
const on = (days: number) => [{ startDate: wallClock(24 * days), endDate: wallClock(24 * days + 2) }];

type Found = { events: Array<{ id: number; titleFr: string; signaledCount: number }>; eventIds: number[] };
async function search(app: FastifyInstance, mapBounds: object, days = 1): Promise<Found> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/public/events/search',
    payload: { mapBounds, selectedDay: dayIn(days) },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const titleOf = (found: Found, id: number) => found.events.find((e) => e.id === id)?.titleFr;

async function save(method: 'POST' | 'PUT', url: string, body: object): Promise<{ id: number; uuid: string }> {
  const res = await a.inject({ method, url: `/api/v1${url}`, headers: authHeaders(a, owner), payload: body });
  expect(res.statusCode).toBe(200);
  return res.json().event;
}
/** A change the caches are not told about (no new events version). */
const behindTheAppsBack = (ids: number[]) =>
  instances.db.execute(sql`UPDATE events SET title_fr = 'En douce' WHERE id = ANY(${sql.param(ids)}::int[])`);

describe('a write and the cached search answers', () => {
  it('drops the answers covering its day and place on every instance, and keeps the others', async () => {
    const montreal = await save('POST', '/connected/events', eventBody({ titleFr: 'Montréal', dates: on(1) }));
    const toronto = await save(
      'POST',
      '/connected/events',
      eventBody({ titleFr: 'Toronto', dates: on(1), ...IN_TORONTO }),
    );
    const later = await save('POST', '/connected/events', eventBody({ titleFr: 'Plus tard', dates: on(3) }));
    for (const app of [a, b]) {
      expect(titleOf(await search(app, MONTREAL), montreal.id)).toBe('Montréal');
      expect(titleOf(await search(app, TORONTO), toronto.id)).toBe('Toronto');
      expect(titleOf(await search(app, MONTREAL, 3), later.id)).toBe('Plus tard');
    }
    await behindTheAppsBack([toronto.id, later.id]);

    await save('PUT', `/connected/events/${montreal.id}`, eventBody({ titleFr: 'Montréal changé', dates: on(1) }));
    for (const app of [b, a]) {
      expect(titleOf(await search(app, MONTREAL), montreal.id)).toBe('Montréal changé');
      // Another place on that day, and the same place on another day: still the cached answers.
      expect(titleOf(await search(app, TORONTO), toronto.id)).toBe('Toronto');
      expect(titleOf(await search(app, MONTREAL, 3), later.id)).toBe('Plus tard');
    }
  });

  it('drops the answers of the place and days an event leaves, and of those it reaches', async () => {
    const moving = await save('POST', '/connected/events', eventBody({ titleFr: 'Itinérant', dates: on(2) }));
    const staying = await save(
      'POST',
      '/connected/events',
      eventBody({ titleFr: 'Sédentaire', dates: on(4), ...IN_TORONTO }),
    );
    expect((await search(b, MONTREAL, 2)).eventIds).toContain(moving.id);
    expect((await search(b, TORONTO, 4)).eventIds).toContain(staying.id);
    expect((await search(b, TORONTO, 2)).eventIds).not.toContain(moving.id);

    await save(
      'PUT',
      `/connected/events/${moving.id}`,
      eventBody({ titleFr: 'Itinérant', dates: on(4), ...IN_TORONTO }),
    );
    expect((await search(b, MONTREAL, 2)).eventIds).not.toContain(moving.id);
    expect((await search(b, TORONTO, 4)).eventIds).toEqual(expect.arrayContaining([moving.id, staying.id]));
    expect((await search(b, TORONTO, 2)).eventIds).not.toContain(moving.id);
  });

  it('drops what a deletion or a report touches, and only that', async () => {
    const doomed = await save('POST', '/connected/events', eventBody({ titleFr: 'Condamné', dates: on(5) }));
    const elsewhere = await save(
      'POST',
      '/connected/events',
      eventBody({ titleFr: 'Ailleurs', dates: on(5), ...IN_TORONTO }),
    );
    expect((await search(b, MONTREAL, 5)).eventIds).toContain(doomed.id);
    expect(titleOf(await search(b, TORONTO, 5), elsewhere.id)).toBe('Ailleurs');
    await behindTheAppsBack([elsewhere.id]);

    const report = await a.inject({ method: 'POST', url: `/api/v1/public/events/${doomed.uuid}/signal` });
    expect(report.statusCode).toBe(204);
    expect((await search(b, MONTREAL, 5)).events.find((e) => e.id === doomed.id)).toMatchObject({
      signaledCount: 1,
    });

    const deleted = await a.inject({
      method: 'DELETE',
      url: `/api/v1/connected/events/id/${doomed.id}`,
      headers: authHeaders(a, owner),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await search(b, MONTREAL, 5)).eventIds).not.toContain(doomed.id);
    expect(titleOf(await search(b, TORONTO, 5), elsewhere.id)).toBe('Ailleurs');
  });
});
