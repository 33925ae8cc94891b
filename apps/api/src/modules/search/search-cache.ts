/** What the search cache holds, how it is keyed, and when a piece may be used. */
import { DAY_NOW, SEARCH_MAX_EVENTS } from '@evmap/contract/events';
import type { EventChange, SearchQuery, Stamp } from './search.repository';
import type { SearchAnswer } from './search-body';

/**
 * Every piece records the events version it was read at, `validUntil` (the instant an `isPast` flag in it
 * flips: past it the piece is wrong) and `refreshAt` (a safety-net age: past it the piece is still right as far
 * as the version says, but is read again, in the background for whole answers). A piece stays in the caches only
 * while no later version touched it (SearchService.observe drops those that one did), so a cached piece is right
 * for every version the instance has seen.
 */
export type Timed = { version: bigint; validUntil: number; refreshAt: number };
export type IdList = Timed & { ids: number[]; json: Buffer; capped: boolean };
export type EventJson = Timed & { json: Buffer };
export type CachedAnswer = SearchAnswer & Timed;

/** Right for a request with this stamp: no flag flipped since (the version is the caches' own business). */
export const usable = (piece: Timed, stamp: Stamp) => piece.validUntil >= stamp.nowMs;

/** Usable and not due for its safety-net refresh. */
export const current = (piece: Timed, stamp: Stamp) => usable(piece, stamp) && piece.refreshAt >= stamp.nowMs;

/**
 * True when the change may alter the answers of the query keyed `key` (an id list's, an answer's or a page's key,
 * which start alike): the event covered, before or after, the key's day at a place inside its bounds. The category is
 * not looked at (a change of category touches both).
 */
export function touchesKey(change: EventChange, key: string): boolean {
  if (change.latitude === null || change.longitude === null) return false;
  const [day, north, south, east, west] = key.split('|', 5);
  // A "now" key (now@minute) covers the days around today: any day of the change may touch it.
  if (!day || (!day.startsWith(NOW_KEY) && !change.days.includes(day))) return false;
  const { latitude, longitude } = change;
  return (
    latitude <= Number(north) && latitude >= Number(south) && longitude <= Number(east) && longitude >= Number(west)
  );
}

/** The day part of a "now" key, followed by the minute it was asked in (the key changes as time passes). */
export const NOW_KEY = 'now@';
/** How long a "now" answer is right: to the end of the minute it was computed in. */
export const NOW_MINUTE_MS = 60_000;

/**
 * The key of a query: day (or now@minute, from the request's database clock), bounds, category, access mask, then
 * the text
 * (as base64url of its UTF-8 bytes: no `|` in it, and any string encodes, lone surrogates included).
 */
export function keyOf(q: SearchQuery, nowMs: number): string {
  const day = q.day === DAY_NOW ? `${NOW_KEY}${Math.floor(nowMs / NOW_MINUTE_MS)}` : q.day;
  const text = q.text === null ? '' : `|${Buffer.from(q.text).toString('base64url')}`;
  return `${day}|${q.north}|${q.south}|${q.east}|${q.west}|${q.categoryId ?? ''}|${q.access}${text}`;
}

/** When the answer of a key stops being right whatever the writes: the end of its minute for "now", else never. */
export function keyValidUntil(key: string): number {
  if (!key.startsWith(NOW_KEY)) return Number.POSITIVE_INFINITY;
  const minute = Number(key.slice(NOW_KEY.length, key.indexOf('|')));
  return (minute + 1) * NOW_MINUTE_MS - 1;
}

/** An answer with excludeIds depends only on which events were chosen (and whether more remained). */
export const pageKeyOf = (key: string, chosen: Chosen) =>
  `${key}|page${chosen.more ? '+' : ''}|${chosen.ids.join(',')}`;

export type Chosen = { ids: number[]; more: boolean };

/** The first SEARCH_MAX_EVENTS ids not excluded, and whether more remained. */
export function pick(ids: number[], exclude: ReadonlySet<number>): Chosen {
  const chosen: number[] = [];
  for (const id of ids) {
    if (exclude.has(id)) continue;
    if (chosen.length === SEARCH_MAX_EVENTS) return { ids: chosen, more: true };
    chosen.push(id);
  }
  return { ids: chosen, more: false };
}

/** The earliest of the pieces' instants. */
export function earliest(pieces: Timed[], field: 'validUntil' | 'refreshAt', start: number): number {
  let value = start;
  for (const piece of pieces) value = Math.min(value, piece[field]);
  return value;
}
