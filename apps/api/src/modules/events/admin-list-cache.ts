/**
 * What the admin event list would otherwise count on every request, kept per app instance under the events
 * version (`app_meta.events_version`, raised in the same transaction as every event write on any instance):
 * the ordered ids matching a search, per (search, sort), and the number of events. Another page of the same
 * search, the same page again (back, reload, a second administrator) or another page of the whole list then
 * only loads its rows, which are always read fresh. What can lag, by at most MAX_AGE_MS, is what changes
 * without the version: the order by viewCount (views are counted without it, as for the map search) and writes
 * that bypass it (the seed and demo loaders).
 */
import { LruCache } from '../../lib/lru-cache';

type Entry<T> = { version: string; at: number; value: T };

export class AdminListCache {
  static readonly MAX_AGE_MS = 60_000;
  /** Ids kept in all (4 bytes each): 2,000,000 is 8 MB. */
  static readonly MAX_IDS = 2_000_000;
  static readonly MAX_ENTRIES = 200;
  private readonly searches = new LruCache<Entry<Int32Array>>(AdminListCache.MAX_ENTRIES, AdminListCache.MAX_IDS);
  private total: Entry<number> | undefined;

  private static fresh<T>(entry: Entry<T> | undefined, version: string, nowMs: number): entry is Entry<T> {
    return entry !== undefined && entry.version === version && nowMs - entry.at < AdminListCache.MAX_AGE_MS;
  }

  /** The ids cached for `key` under `version`, if still young enough (and marks them recently used). */
  getSearch(key: string, version: string, nowMs: number): Int32Array | undefined {
    const entry = this.searches.get(key);
    return AdminListCache.fresh(entry, version, nowMs) ? entry.value : undefined;
  }

  /**
   * Whether a read under `version` may replace `entry`: not when the entry was read under a newer version. Two
   * requests of one search race when events change in between: the one that read the older snapshot may finish
   * last, and would otherwise put its older list back over the newer one.
   */
  private static replaces<T>(entry: Entry<T> | undefined, version: string): boolean {
    return entry === undefined || BigInt(version) >= BigInt(entry.version);
  }

  /** Keeps `ids` (read in the snapshot that saw `version`), dropping the least recently used beyond the bounds. */
  setSearch(key: string, version: string, ids: Int32Array, nowMs: number): void {
    if (!AdminListCache.replaces(this.searches.get(key), version)) return;
    this.searches.set(key, { version, at: nowMs, value: ids }, ids.length);
  }

  /** The number of events counted under `version`, if still young enough. */
  getTotal(version: string, nowMs: number): number | undefined {
    return AdminListCache.fresh(this.total, version, nowMs) ? this.total.value : undefined;
  }

  setTotal(version: string, total: number, nowMs: number): void {
    if (!AdminListCache.replaces(this.total, version)) return;
    this.total = { version, at: nowMs, value: total };
  }
}
