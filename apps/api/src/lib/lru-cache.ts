/**
 * The API's one in-memory cache: least recently used entries dropped past a count and a size budget (lru-cache),
 * each entry's size given when it is set. The search answers and the admin event lists keep their data in it.
 */
import { LRUCache } from 'lru-cache';

export class LruCache<V extends {}> {
  private readonly cache: LRUCache<string, V>;

  constructor(maxEntries: number, maxSize: number) {
    this.cache = new LRUCache<string, V>({ max: maxEntries, maxSize });
  }

  get size(): number {
    return this.cache.size;
  }

  /** The sum of the kept entries' sizes. */
  get bytes(): number {
    return this.cache.calculatedSize;
  }

  /** The value of `key` (marked recently used). */
  get(key: string): V | undefined {
    return this.cache.get(key);
  }

  /** Keeps `value` with the given size; a value larger than the whole budget is not kept (and drops `key`). */
  set(key: string, value: V, size: number): void {
    this.cache.delete(key);
    if (size > this.cache.maxSize) return;
    this.cache.set(key, value, { size: Math.max(1, size) });
  }

  delete(key: string): void {
    this.cache.delete(key);
  }

  /** Removes every entry for which `drop` is true. */
  deleteWhere(drop: (key: string, value: V) => boolean): void {
    for (const [key, value] of this.cache.entries()) if (drop(key, value)) this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }
}
