/** What the search cache holds, how it is keyed, and when a piece may be used. */
import { SEARCH_MAX_EVENTS } from '@evmap/contract/events';
import type { SearchQuery, Stamp } from './search.repository';
import type { SearchAnswer } from './search-body';

/**
 * Every piece records the events version it was read at, `validUntil` (the instant an `isPast` flag in it
 * flips: past it the piece is wrong) and `refreshAt` (a safety-net age: past it the piece is still right as far
 * as the version says, but is read again, in the background for whole answers).
 */
export type Timed = { version: bigint; validUntil: number; refreshAt: number };
export type IdList = Timed & { ids: number[]; json: Buffer; capped: boolean };
export type EventJson = Timed & { json: Buffer };
export type CachedAnswer = SearchAnswer & Timed;

/** Right for a request with this stamp: same version, no flag flipped since. */
export const usable = (piece: Timed, stamp: Stamp) =>
  piece.version === stamp.version && piece.validUntil >= stamp.nowMs;

/** Usable and not due for its safety-net refresh. */
export const current = (piece: Timed, stamp: Stamp) => usable(piece, stamp) && piece.refreshAt >= stamp.nowMs;

export const keyOf = (q: SearchQuery) => `${q.day}|${q.north}|${q.south}|${q.east}|${q.west}|${q.categoryId ?? ''}`;

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
