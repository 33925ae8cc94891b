/**
 * Puts the map index's rows of the coming days in map order: each day's `event_days` rows rewritten in the order of
 * their tile keys (evmap_tile_key, migration 0019), so that the events of a city on a day share a few table pages.
 * A text search over a city then reads a few hundred heap pages instead of one per event: at 100,000 events the
 * Montréal tile with "montreal" went from 1,795 buffers and 14.2 ms to 5.1 ms (docs/search-speed.md). Saves scatter
 * the rows again slowly (a saved event's rows go where there is room); one run a day keeps the order
 * (EVENT_DAYS_ORDER_INTERVAL_MS).
 *
 * A run never blocks the app: a day is moved in transactions of EVENT_DAYS_CHUNK_ROWS rows, each first locking its
 * rows' events `FOR SHARE SKIP LOCKED` (an event a save holds is left where it is; refreshEventDays locks its events
 * before it touches their rows, so a save waits for at most one chunk, about 200 ms at 100,000 events, and never sees
 * half a move), then moving only those events' rows (DELETE ... RETURNING into INSERT, in key order). A move writes
 * no event change and no event row: the rows' content is unchanged, so no cached answer is dropped. The run ends with
 * the text index rebuilt (rebuildEventDaysTextIndex). One instance at a time runs it (an advisory lock on its own
 * connection); the others skip their turn.
 */
import type pg from 'pg';
import { backendPid, type Database, withTryAdvisoryLock } from '../../db/client';
import {
  EVENT_DAYS_CHUNK_ROWS,
  moveEventDaysChunk,
  type OrderCursor,
  rebuildEventDaysTextIndex,
} from './event-days.repository';

/** The days put in order: yesterday (still today somewhere in Canada) to a week ahead, the days the map shows. */
const ORDER_DAYS_BEFORE = 1;
const ORDER_DAYS_AFTER = 7;
/** The advisory lock a run holds ("order" in ASCII), so that one instance runs at a time. */
export const ORDER_LOCK = 0x6f72646572;

export type EventDaysOrderReport = { days: number; moved: number; skipped: number; textIndexRebuilt: number };

/** Puts `day`'s rows in key order, chunk by chunk, each in its own transaction (on the run's one connection). */
async function orderDay(
  db: Database,
  day: string,
  stopping: () => boolean,
  rows: number,
): Promise<{ moved: number; skipped: number }> {
  let cursor: OrderCursor | undefined = { tileKey: -1, eventId: -1 };
  let moved = 0;
  let skipped = 0;
  while (cursor && !stopping()) {
    const from: OrderCursor = cursor;
    const chunk = await db.transaction((tx) => moveEventDaysChunk(tx, day, from, rows));
    moved += chunk.moved;
    skipped += chunk.skipped;
    cursor = chunk.next;
  }
  return { moved, skipped };
}

/** The days a run orders around `now` (UTC dates): ORDER_DAYS_BEFORE before to ORDER_DAYS_AFTER after. */
export function daysToOrder(now: Date): string[] {
  const days: string[] = [];
  for (let offset = -ORDER_DAYS_BEFORE; offset <= ORDER_DAYS_AFTER; offset++) {
    days.push(new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * One run: the days around `now` in map order, then the text index rebuilt, unless another instance is running it
 * (then nothing: `days` 0). When `signal` aborts (a closing app), the statement in progress is cancelled (a chunk's
 * transaction rolls back whole; a rebuild cut short is cleaned up by the next run) and the run answers what it did.
 */
export async function orderEventDays(
  pool: pg.Pool,
  options: {
    now?: Date;
    /** Instead of the days around `now`. */
    days?: string[];
    signal?: AbortSignal;
    /** Rows per transaction (tests: several chunks of a few events). */
    chunkRows?: number;
  } = {},
): Promise<EventDaysOrderReport> {
  const report: EventDaysOrderReport = { days: 0, moved: 0, skipped: 0, textIndexRebuilt: 0 };
  const { signal } = options;
  const stopping = () => signal?.aborted === true;
  await withTryAdvisoryLock(pool, ORDER_LOCK, async (db) => {
    const pid = await backendPid(db);
    const cancel = () => void pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      for (const day of options.days ?? daysToOrder(options.now ?? new Date())) {
        if (stopping()) break;
        const result = await orderDay(db, day, stopping, options.chunkRows ?? EVENT_DAYS_CHUNK_ROWS);
        report.days += 1;
        report.moved += result.moved;
        report.skipped += result.skipped;
      }
      if (report.moved > 0 && !stopping()) {
        await rebuildEventDaysTextIndex(db);
        report.textIndexRebuilt = 1;
      }
    } catch (error) {
      if (!stopping()) throw error;
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
  });
  return report;
}
