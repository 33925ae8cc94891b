/**
 * The map order of the search index (event-days-order.ts): a day's rows rewritten in tile-key order, unchanged, with
 * no change signal; saves of the same events during a run, either way round.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';
import { moveEventDaysChunk } from './event-days.repository';
import { daysToOrder, ORDER_LOCK, orderEventDays } from './event-days-order';
import { saveEvent } from './event-write.service';
import { findEventById } from './events.repository';

let ctx: TestContext;
let owner: UserRow;
const day = wallClock(24).slice(0, 10);
const ids: number[] = [];

// Places far apart, saved in turn, so that the table holds them interleaved.
const PLACES = [
  { latitude: 45.5, longitude: -73.57 },
  { latitude: 49.28, longitude: -123.12 },
  { latitude: 43.65, longitude: -79.38 },
  { latitude: 44.65, longitude: -63.57 },
  { latitude: 46.81, longitude: -71.21 },
];

const save = (input: Record<string, unknown>, existingId?: number) =>
  ctx.db.transaction(async (tx) => {
    const existing = existingId === undefined ? undefined : await findEventById(tx, existingId);
    return saveEvent(tx, owner, { ...eventBody(input), images: [], creatorId: owner.id } as never, existing);
  });

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'event-manager');
  for (let i = 0; i < 20; i++) {
    const place = PLACES[i % PLACES.length]!;
    const saved = await save({ titleFr: `Événement ${i}`, ...place, latitude: place.latitude + i / 1000 });
    ids.push(saved.id);
  }
});
afterAll(() => ctx.close());

/** The day's rows as the search reads them (every column), by event. */
const rows = async () =>
  (
    await ctx.db.execute(sql`
      SELECT d.*, d.search_document::text AS search_document FROM event_days d WHERE d.day = ${day}::date
      ORDER BY event_id`)
  ).rows;

/** The day's event ids in the table's physical order, and in tile-key order. */
const orders = async () => {
  const physical = await ctx.db.execute<{ event_id: number }>(
    sql`SELECT event_id FROM event_days WHERE day = ${day}::date ORDER BY ctid`,
  );
  const keyed = await ctx.db.execute<{ event_id: number }>(sql`
    SELECT event_id FROM event_days WHERE day = ${day}::date
    ORDER BY evmap_tile_key(longitude, latitude), event_id`);
  return { physical: physical.rows.map((r) => r.event_id), keyed: keyed.rows.map((r) => r.event_id) };
};

const eventsVersion = async () =>
  (await ctx.db.execute<{ value: string }>(sql`SELECT value FROM app_meta WHERE key = 'events_version'`)).rows[0]
    ?.value;
const changes = async () =>
  (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM event_changes`)).rows[0]?.n;

/** The row of `eventId` on the day, with its place in the table. */
const rowOf = async (eventId: number) =>
  (
    await ctx.db.execute<{ ctid: string; title_fr: string }>(
      sql`SELECT ctid::text, title_fr FROM event_days WHERE day = ${day}::date AND event_id = ${eventId}`,
    )
  ).rows;

/** The text indexes of event_days and whether each is valid. */
const textIndexes = async () =>
  (
    await ctx.db.execute<{ name: string; valid: boolean }>(sql`
      SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'event_days'::regclass AND c.relname LIKE 'event_days_search_document_idx%' ORDER BY 1`)
  ).rows;

/** Resolves once a session of this database waits for a row lock (a save behind a move, or the reverse). */
async function someoneWaits(): Promise<void> {
  for (;;) {
    const waiting = await ctx.app.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    if ((waiting.rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the map order of the search index', () => {
  it('rewrites a day in tile-key order, in chunks, keeping every row as it was and dropping no cached answer', async () => {
    const before = await orders();
    expect(before.physical).not.toEqual(before.keyed);
    const content = await rows();
    const version = await eventsVersion();
    const changeCount = await changes();

    const report = await orderEventDays(ctx.app.pool, { days: [day], chunkRows: 6 });

    expect(report).toEqual({ days: 1, moved: ids.length, skipped: 0, textIndexRebuilt: 1 });
    const after = await orders();
    expect(after.physical).toEqual(after.keyed);
    expect(after.keyed).toEqual(before.keyed);
    expect(await rows()).toEqual(content);
    expect(await eventsVersion()).toBe(version);
    expect(await changes()).toBe(changeCount);
  });

  it('leaves an event a save holds where it is; the save then writes its rows once', async () => {
    const held = ids[3]!;
    let run: Promise<unknown> | undefined;
    await ctx.db.transaction(async (tx) => {
      const existing = await findEventById(tx, held);
      const input = eventBody({ titleFr: 'Renommé pendant le tri', ...PLACES[3] });
      await saveEvent(tx, owner, { ...input, images: [], creatorId: owner.id } as never, existing);
      const place = async () =>
        (
          await tx.execute<{ ctid: string }>(
            sql`SELECT ctid::text FROM event_days WHERE day = ${day}::date AND event_id = ${held}`,
          )
        ).rows;
      const saved = await place();
      // Another connection, while this transaction holds the event: its row is not touched; the text index's
      // rebuild then waits for this transaction (a writer) to end.
      run = orderEventDays(ctx.app.pool, { days: [day] });
      await someoneWaits();
      expect(await place()).toEqual(saved);
    });
    expect(await run).toEqual({ days: 1, skipped: 1, moved: ids.length - 1, textIndexRebuilt: 1 });
    const row = await rowOf(held);
    expect(row.map((r) => r.title_fr)).toEqual(['Renommé pendant le tri']);
  });

  it('makes a save of an event being moved wait for the move, then the save wins, once', async () => {
    const target = ids[7]!;
    let saving: Promise<unknown> | undefined;
    await ctx.db.transaction(async (tx) => {
      const chunk = await moveEventDaysChunk(tx, day, { tileKey: -1, eventId: -1 }, 1000);
      expect(chunk).toMatchObject({ moved: ids.length, skipped: 0 });
      saving = save({ titleFr: 'Enregistré pendant le déplacement', ...PLACES[2] }, target);
      await someoneWaits();
    });
    await saving;
    const row = await rowOf(target);
    expect(row.map((r) => r.title_fr)).toEqual(['Enregistré pendant le déplacement']);
    const count = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM event_days WHERE day = ${day}::date`,
    );
    expect(count.rows[0]?.n).toBe(ids.length);
  });

  it('runs on one instance at a time: while another holds the run, a run does nothing', async () => {
    const other = await ctx.app.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [ORDER_LOCK]);
      expect(await orderEventDays(ctx.app.pool, { days: [day] })).toEqual({
        days: 0,
        moved: 0,
        skipped: 0,
        textIndexRebuilt: 0,
      });
      await other.query('SELECT pg_advisory_unlock($1)', [ORDER_LOCK]);
    } finally {
      other.release();
    }
    expect(await orderEventDays(ctx.app.pool, { days: [day] })).toEqual({
      days: 1,
      moved: ids.length,
      skipped: 0,
      textIndexRebuilt: 1,
    });
  });

  it('is a service of the app, which a closing app stops at once', async () => {
    // Every row: the events' dates are tomorrow (and the day after, for a save late in the evening).
    const all = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM event_days`);
    expect(await ctx.app.orderEventDays(new Date(`${day}T12:00:00Z`))).toEqual({
      days: 9,
      moved: all.rows[0]?.n,
      skipped: 0,
      textIndexRebuilt: 1,
    });
    expect(await orderEventDays(ctx.app.pool, { days: [day], signal: AbortSignal.abort() })).toEqual({
      days: 0,
      moved: 0,
      skipped: 0,
      textIndexRebuilt: 0,
    });
  });

  it('rebuilds the text index without blocking writes; a rebuild cut short is cleaned up by the next run', async () => {
    // A transaction that has written to the table: the rebuild waits for it before building (not the reverse).
    const writer = await ctx.app.pool.connect();
    const closing = new AbortController();
    try {
      await writer.query('BEGIN');
      await writer.query('UPDATE event_days SET access = access WHERE false');
      const run = orderEventDays(ctx.app.pool, { days: [day], signal: closing.signal });
      await someoneWaits();
      // Writes go on meanwhile: a save of one of the events.
      await save({ titleFr: 'Enregistré pendant la reconstruction', ...PLACES[1] }, ids[1]);
      closing.abort();
      expect(await run).toEqual({ days: 1, moved: ids.length, skipped: 0, textIndexRebuilt: 0 });
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    expect(await textIndexes()).toEqual([
      { name: 'event_days_search_document_idx', valid: true },
      { name: 'event_days_search_document_idx_ccnew', valid: false },
    ]);

    expect(await orderEventDays(ctx.app.pool, { days: [day] })).toMatchObject({ textIndexRebuilt: 1 });
    expect(await textIndexes()).toEqual([{ name: 'event_days_search_document_idx', valid: true }]);
    // The text search reads the rebuilt index.
    const found = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/events/search',
      payload: {
        mapBounds: { northLat: 50, southLat: 49, eastLng: -123, westLng: -124 },
        selectedDay: day,
        text: 'reconstruction',
      },
    });
    expect(found.json().eventIds).toEqual([ids[1]]);
  });

  it('orders yesterday to a week ahead', () => {
    expect(daysToOrder(new Date('2026-11-29T03:00:00Z'))).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });
});
