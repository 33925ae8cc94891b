/**
 * What the admin event list would otherwise count on every request, kept per app instance under the events
 * version (`app_meta.events_version`, raised in the same transaction as every event write on any instance):
 * the ordered ids matching a search, per (search, sort), and the number of events. Another page of the same
 * search, the same page again (back, reload, a second administrator) or another page of the whole list then
 * only loads its rows, which are always read fresh. What can lag, by at most MAX_AGE_MS, is what changes
 * without the version: the order by viewCount (views are counted without it, as for the map search) and writes
 * that bypass it (the seed and demo loaders).
 */
type Entry<T> = { version: string; at: number; value: T };

export class AdminListCache {
  static readonly MAX_AGE_MS = 60_000;
  /** Ids kept in all (4 bytes each): 2,000,000 is 8 MB. */
  static readonly MAX_IDS = 2_000_000;
  static readonly MAX_ENTRIES = 200;
  private readonly searches = new Map<string, Entry<Int32Array>>();
  private size = 0;
  private total: Entry<number> | undefined;

  private static fresh<T>(entry: Entry<T> | undefined, version: string, nowMs: number): entry is Entry<T> {
    return entry !== undefined && entry.version === version && nowMs - entry.at < AdminListCache.MAX_AGE_MS;
  }

  /** The ids cached for `key` under `version`, if still young enough (and marks them recently used). */
  getSearch(key: string, version: string, nowMs: number): Int32Array | undefined {
    const entry = this.searches.get(key);
    if (!AdminListCache.fresh(entry, version, nowMs)) return undefined;
    this.searches.delete(key);
    this.searches.set(key, entry);
    return entry.value;
  }

  /** Keeps `ids` (read in the snapshot that saw `version`), dropping the least recently used beyond the bounds. */
  setSearch(key: string, version: string, ids: Int32Array, nowMs: number): void {
    this.remove(key);
    if (ids.length > AdminListCache.MAX_IDS) return;
    this.searches.set(key, { version, at: nowMs, value: ids });
    this.size += ids.length;
    for (const oldest of this.searches.keys()) {
      if (this.size <= AdminListCache.MAX_IDS && this.searches.size <= AdminListCache.MAX_ENTRIES) break;
      this.remove(oldest);
    }
  }

  /** The number of events counted under `version`, if still young enough. */
  getTotal(version: string, nowMs: number): number | undefined {
    return AdminListCache.fresh(this.total, version, nowMs) ? this.total.value : undefined;
  }

  setTotal(version: string, total: number, nowMs: number): void {
    this.total = { version, at: nowMs, value: total };
  }

  private remove(key: string): void {
    const entry = this.searches.get(key);
    if (!entry) return;
    this.size -= entry.value.length;
    this.searches.delete(key);
  }
}
