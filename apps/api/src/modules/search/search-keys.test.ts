/** The search cache's keys for text and "now": what makes two queries share, or not share, a cached answer. */
import { describe, expect, it } from 'vitest';
import type { EventChange, SearchQuery } from './search.repository';
import { keyOf, keyValidUntil, touchesKey } from './search-cache';

const query = (extra: Partial<SearchQuery> = {}): SearchQuery => ({
  day: '2026-11-28',
  north: 46,
  south: 45,
  east: -73,
  west: -74,
  categoryId: null,
  access: 0,
  text: null,
  ...extra,
});
const change = (days: string[], latitude = 45.5, longitude = -73.6): EventChange => ({
  version: 2n,
  eventId: 1,
  days,
  latitude,
  longitude,
});
const MINUTE = 60_000;
const at = Date.UTC(2026, 10, 28, 15, 30, 12);

describe('keys', () => {
  it('tell texts apart, whatever they hold, and end with the access mask without text', () => {
    expect(keyOf(query(), at)).toBe('2026-11-28|46|45|-73|-74||0');
    const keys = ['théâtre', 'theatre', 'a|b', 'a', '\ud800'].map((text) => keyOf(query({ text }), at));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key.split('|')).toHaveLength(8);
  });

  it('change with the minute for "now", and say when its answer stops being right', () => {
    const now = keyOf(query({ day: 'now' }), at);
    expect(keyOf(query({ day: 'now' }), at + 40 * 1000)).toBe(now);
    expect(keyOf(query({ day: 'now' }), at + MINUTE)).not.toBe(now);
    expect(keyValidUntil(now)).toBe(Math.floor(at / MINUTE) * MINUTE + MINUTE - 1);
    expect(keyValidUntil(keyOf(query(), at))).toBe(Number.POSITIVE_INFINITY);
  });

  it('are touched by a change of any day inside the bounds for "now", of their own day otherwise', () => {
    const now = keyOf(query({ day: 'now', text: 'jazz' }), at);
    expect(touchesKey(change(['2026-11-29']), now)).toBe(true);
    expect(touchesKey(change(['2026-11-29'], 47), now)).toBe(false);
    const dated = keyOf(query({ text: 'jazz' }), at);
    expect(touchesKey(change(['2026-11-29']), dated)).toBe(false);
    expect(touchesKey(change(['2026-11-28']), dated)).toBe(true);
  });
});
