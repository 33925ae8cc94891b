import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATEGORY_HANDLES } from '@evmap/contract/enums';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningOwner, runningServerConnection } from '../src/demo/seed/seed-database';
import { SEED_EMAIL, type SeedResult, seedEvents } from '../src/demo/seed/seed-events';
import { addDays, dayInZone } from '../src/demo/wall-clock';
import { imageKey } from '../src/lib/images';
import { refreshEventDays } from '../src/modules/events/event-days.repository';
import { createTestApp, type TestContext } from './app';

let ctx: TestContext;
let result: SeedResult;
const now = new Date();
const N = 2000;

const rows = async <T>(query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows as T[];

beforeAll(async () => {
  ctx = await createTestApp();
  result = await seedEvents(ctx.app.pool, { count: N, uploadsDir: ctx.config.uploadsDir, now, batchSize: 300 });
});
afterAll(() => ctx.close());

describe('seedEvents', () => {
  it('writes N events of the seed event-manager, who can sign in, leaving user id 1 free', async () => {
    expect(result.events).toBe(N);
    const [owned] = await rows<{ n: number }>(
      sql`SELECT count(*) AS n FROM events WHERE creator_id = ${result.creatorId}`,
    );
    expect(owned!.n).toBe(N);
    expect(result.creatorId).toBeGreaterThan(1);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/auth/login',
      payload: { email: SEED_EMAIL, password: 'demo1234' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ type: 'event-manager', planType: 'complete' });
  });

  it('spreads events over Canada in every category, with unique handles and zone-matched provinces', async () => {
    const [stats] = await rows<Record<string, number>>(sql`
      SELECT count(DISTINCT category_id) AS categories, count(DISTINCT state) AS provinces,
        count(DISTINCT city) AS cities, count(DISTINCT handle) AS handles,
        min(latitude) AS min_lat, max(latitude) AS max_lat, min(longitude) AS min_lng, max(longitude) AS max_lng
      FROM events`);
    expect(stats).toMatchObject({ categories: CATEGORY_HANDLES.length, handles: N });
    expect(stats!.provinces).toBeGreaterThanOrEqual(10);
    expect(stats!.cities).toBeGreaterThanOrEqual(30);
    expect(stats!.min_lat).toBeGreaterThan(41.5);
    expect(stats!.max_lat).toBeLessThan(64.5);
    expect(stats!.min_lng).toBeGreaterThan(-136);
    expect(stats!.max_lng).toBeLessThan(-52.3);
    const [montreal] = await rows<{ n: number }>(sql`
      SELECT count(*) AS n FROM events WHERE latitude BETWEEN 45 AND 46 AND longitude BETWEEN -74 AND -73`);
    expect(montreal!.n).toBeGreaterThan(N / 20);
  });

  it('gives each event 1 or 2 dates within the next 7 days of its zone, following the form rules', async () => {
    const [check] = await rows<Record<string, number>>(sql`
      WITH per_event AS (SELECT event_id, count(*) AS n FROM event_dates GROUP BY event_id)
      SELECT
        (SELECT count(*) FROM per_event) AS events,
        (SELECT count(*) FROM per_event WHERE n NOT IN (1, 2)) AS bad_counts,
        count(*) FILTER (WHERE d.end_date < d.start_date + interval '15 minutes'
          OR d.end_date::date > d.start_date::date + 1) AS bad_ends,
        count(*) FILTER (WHERE extract(minute FROM d.start_date)::int % 15 <> 0
          OR extract(minute FROM d.end_date)::int % 15 <> 0) AS off_quarter,
        count(*) AS dates
      FROM event_dates d JOIN events e ON e.id = d.event_id`);
    expect(check).toMatchObject({ events: N, bad_counts: 0, bad_ends: 0, off_quarter: 0 });
    expect(check!.dates).toBe(result.dates);
    // The week of each zone as the app's own code reads the zone (Node's time-zone data: PostgreSQL's embedded data
    // can be older, and on 2026-11-28 at 06:07 UTC it still put Edmonton on the 27th when Node put it on the 28th).
    const starts = await rows<{ time_zone: string; start: string }>(sql`
      SELECT e.time_zone, to_char(d.start_date, 'YYYY-MM-DD') AS start FROM event_dates d JOIN events e ON e.id = d.event_id`);
    const outOfWeek = starts.filter(({ time_zone, start }) => {
      const today = dayInZone(now, time_zone);
      return start < today || start > addDays(today, 6);
    });
    expect(outOfWeek).toEqual([]);
  });

  it('writes exactly the event_days rows and last_ends_at that refreshEventDays writes', async () => {
    const snapshot = async () => ({
      days: await rows(sql`SELECT * FROM event_days ORDER BY event_id, day`),
      ends: await rows(sql`SELECT id, last_ends_at FROM events ORDER BY id`),
    });
    const before = await snapshot();
    expect(before.days).toHaveLength(result.eventDays);
    const [unindexed] = await rows<{ n: number }>(sql`
      SELECT count(*) AS n FROM events e WHERE NOT EXISTS (SELECT 1 FROM event_days d WHERE d.event_id = e.id)`);
    expect(unindexed!.n).toBe(0);
    const ids = (before.ends as Array<{ id: number }>).map((e) => e.id);
    await ctx.db.transaction((tx) => refreshEventDays(tx, ids));
    expect(await snapshot()).toEqual(before);
  });

  it('gives a quarter of the events accessibility attributes, copied into event_days', async () => {
    const [stats] = await rows<{ marked: number; stale: number }>(sql`
      SELECT (SELECT count(*) FROM events WHERE access <> 0) AS marked,
        (SELECT count(*) FROM event_days d JOIN events e ON e.id = d.event_id WHERE d.access <> e.access) AS stale`);
    expect(stats).toEqual({ marked: N / 4, stale: 0 });
  });

  it('points every event at one of the shared covers, whose files exist', async () => {
    const images = await rows<{ image_path: string; formats: number[]; n: number }>(sql`
      SELECT image_path, formats, count(*) AS n FROM event_images GROUP BY image_path, formats`);
    expect(images).toHaveLength(CATEGORY_HANDLES.length);
    expect(images.reduce((sum, i) => sum + i.n, 0)).toBe(N);
    for (const image of images) {
      for (const width of image.formats) {
        expect(existsSync(path.join(ctx.config.uploadsDir, imageKey(image.image_path, width)))).toBe(true);
      }
    }
  });

  it('adds more events on a second run with the same seed user', async () => {
    const again = await seedEvents(ctx.app.pool, { count: 50, uploadsDir: ctx.config.uploadsDir, now });
    expect(again.creatorId).toBe(result.creatorId);
    const [total] = await rows<{ n: number }>(sql`SELECT count(*) AS n FROM events`);
    expect(total!.n).toBe(N + 50);
  });
});

describe('seed database choice', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'evmap-seed-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses the running app only when the lock names a live process', () => {
    expect(runningOwner(dir)).toBeUndefined();
    writeFileSync(path.join(dir, 'evmap.lock'), '999999999\n');
    expect(runningOwner(dir)).toBeUndefined();
    writeFileSync(path.join(dir, 'evmap.lock'), `${process.ppid}\n`);
    expect(runningOwner(dir)).toBe(process.ppid);
  });

  it("connects where the app's server listens, with its password", () => {
    writeFileSync(path.join(dir, 'pg-password'), 'secret\n');
    expect(runningServerConnection(dir)).toEqual({
      host: path.join(dir, 'run'),
      port: 5432,
      user: 'postgres',
      password: 'secret',
      database: 'evmap',
    });
    mkdirSync(path.join(dir, 'pg'));
    writeFileSync(path.join(dir, 'pg', 'postmaster.pid'), `123\n${dir}/pg\n1700000000\n54321\n\n127.0.0.1\n`);
    expect(runningServerConnection(dir)).toMatchObject({ host: '127.0.0.1', port: 54321 });
  });
});
