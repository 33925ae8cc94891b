/**
 * Events for the panning measurement: N synthetic events on today, inside a box around the map's default
 * centre, written into the running app's embedded PostgreSQL with the seed generator
 * (apps/api/src/demo/seed), then the events version raised so the app's search cache starts over.
 */
import path from 'node:path';
import { createPool } from '../../apps/api/src/db/client';
import { runningServerConnection } from '../../apps/api/src/demo/seed/seed-database';
import { seedEvents } from '../../apps/api/src/demo/seed/seed-events';
import type { SeedArea } from '../../apps/api/src/demo/seed/seed-generator';

export type MapSeed = { events: number; eventDays: number; ms: number; area: SeedArea; todayInArea: number };

export async function seedMapEvents(
  dataDir: string,
  count: number,
  area: SeedArea,
  log: (m: string) => void,
): Promise<MapSeed> {
  const pool = createPool(runningServerConnection(dataDir), 2);
  try {
    const result = await seedEvents(pool, {
      count,
      uploadsDir: path.join(dataDir, 'uploads'),
      area,
      days: 1,
      batchSize: 5000,
      log,
    });
    // The seed writes behind the app's back (README: known bypasses): raise the version as eventsChanged() does.
    await pool.query(`
      INSERT INTO app_meta (key, value) VALUES ('events_version', '1')
      ON CONFLICT (key) DO UPDATE SET value = (app_meta.value::bigint + 1)::text, updated_at = now()`);
    await pool.query('ANALYZE events');
    await pool.query('ANALYZE event_days');
    const today = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM event_days
       WHERE day = (now() AT TIME ZONE 'America/Toronto')::date
         AND latitude BETWEEN $1 AND $2 AND longitude BETWEEN $3 AND $4`,
      [area.south, area.north, area.west, area.east],
    );
    return { events: result.events, eventDays: result.eventDays, ms: result.ms, area, todayInArea: today.rows[0]!.n };
  } finally {
    await pool.end();
  }
}
