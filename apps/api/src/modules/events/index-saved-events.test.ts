/** Events created with indexLater, then indexed together (an import's batch): the map, the caches and live updates. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';
import { indexSavedEvents, saveEvent } from './event-write.service';

let ctx: TestContext;
let owner: UserRow;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'event-manager');
});
afterAll(() => ctx.close());

const version = async () =>
  Number(
    (await ctx.db.execute<{ value: string }>(sql`SELECT value FROM app_meta WHERE key = 'events_version'`)).rows[0]
      ?.value ?? 0,
  );

describe('events indexed together', () => {
  it('reach the search index under one new version, each with its change and its live notification', async () => {
    const client = await ctx.app.pool.connect();
    const seen: Array<{ type: string; id: number; place: { days: string[]; lat: number } | null }> = [];
    client.on('notification', (message) => seen.push(JSON.parse(message.payload ?? '{}')));
    await client.query('LISTEN events_changed');
    const before = await version();
    const created = await ctx.db
      .transaction(async (tx) => {
        const saved = [];
        for (const [title, lat] of [
          ['Atelier de poterie', 45.52],
          ['Marché de Noël', 45.51],
        ] as const) {
          const input = { ...eventBody({ titleFr: title, latitude: lat }), images: [], creatorId: owner.id };
          saved.push(await saveEvent(tx, owner, input as never, undefined, { indexLater: true }));
        }
        // Not indexed yet: nothing on the map, no version raised.
        const rows = await tx.execute(
          sql`SELECT 1 FROM event_days WHERE event_id = ANY(${sql.param(saved.map((s) => s.id))}::int[])`,
        );
        expect(rows.rows).toEqual([]);
        await indexSavedEvents(tx, saved);
        return saved;
      })
      .finally(async () => {
        await client.query('SELECT 1');
        await new Promise((resolve) => setTimeout(resolve, 50));
        await client.query('UNLISTEN events_changed');
        client.release();
      });

    const ids = created.map((event) => event.id);
    expect(await version()).toBe(before + 1);
    const changes = await ctx.db.execute<{ event_id: number; version: string; days: string[] }>(
      sql`SELECT event_id, version, days FROM event_changes WHERE event_id = ANY(${sql.param(ids)}::int[]) ORDER BY event_id`,
    );
    const day = wallClock(24).slice(0, 10);
    expect(changes.rows.map((row) => [row.event_id, Number(row.version), row.days.includes(day)])).toEqual(
      ids.map((id) => [id, before + 1, true]),
    );
    const days = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(DISTINCT event_id)::int AS n FROM event_days WHERE event_id = ANY(${sql.param(ids)}::int[])`,
    );
    expect(days.rows[0]?.n).toBe(2);
    expect(seen.filter((change) => ids.includes(change.id)).map((change) => [change.type, change.id])).toEqual(
      ids.map((id) => ['created', id]),
    );
    expect(seen.find((change) => change.id === ids[0])?.place?.lat).toBeCloseTo(45.52);

    // A search of that day and place finds them (its cache dropped what the new version touched).
    const search = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/events/search',
      payload: { mapBounds: { northLat: 46, southLat: 45, eastLng: -73, westLng: -74 }, selectedDay: day },
    });
    expect(search.json().eventIds).toEqual(expect.arrayContaining(ids));
  });
});
