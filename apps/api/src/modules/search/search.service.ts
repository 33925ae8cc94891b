/**
 * Map search with a strict in-process cache.
 *
 * Every answer depends on the events version (app_meta 'events_version', raised in the same transaction
 * as every event write) and on the database clock (an event's `isPast` flips when its last date ends).
 * Each request reads the version after it arrived (StampReader), so nothing cached before a committed
 * write — on any instance — is served after it. Cached pieces: the id list of (day, bounds, category),
 * each presented event as JSON bytes, and whole answers (with their ETag and compressed copies): without
 * excludeIds by query, with excludeIds by the events they chose.
 * Uncached work runs in a read-only REPEATABLE READ transaction (one snapshot for version, ids and
 * events) with a statement timeout, behind a gate that bounds how many use the database at once.
 */
import { SEARCH_MAX_EVENTS, SEARCH_MAX_IDS, type searchBodySchema } from '@evmap/contract/events';
import type pg from 'pg';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, validationError } from '../../errors';
import type { FileStorage } from '../../lib/storage';
import { presentEvent } from '../events/event.presenter';
import { findEventsByIds } from '../events/events.repository';
import { Gate, GateFullError } from './gate';
import { LruCache } from './lru-cache';
import { beginSearch, matchingIds, pastFlips, readStamp, type SearchQuery, type Stamp } from './search.repository';
import { assembleBody, compressLater, etagOf, type SearchAnswer } from './search-body';
import { StampReader } from './stamp-reader';

export type SearchInput = z.output<typeof searchBodySchema>;

export type SearchOptions = {
  /** Per-statement limit of uncached searches (SET LOCAL statement_timeout). */
  statementTimeoutMs: number;
  /** Uncached searches using the database at once, and how many may wait. */
  concurrency: number;
  maxWaiting: number;
  /** Upper bound on any cached piece's life, whatever the version says (defence in depth). */
  ttlMs: number;
  /** Memory budget of the three caches together. */
  cacheBytes: number;
};

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  statementTimeoutMs: 2000,
  concurrency: 4,
  maxWaiting: 500,
  ttlMs: 60_000,
  cacheBytes: 96 * 1024 * 1024,
};

type IdList = { version: bigint; ids: number[]; json: Buffer; capped: boolean; validUntil: number };
type EventJson = { version: bigint; json: Buffer; validUntil: number };
type CachedAnswer = SearchAnswer & { version: bigint; validUntil: number };

const NO_EXCLUDE: ReadonlySet<number> = new Set();

function toQuery(input: SearchInput): SearchQuery {
  const b = input.mapBounds;
  // Bounds crossing the antimeridian are not searched (the map covers Canada).
  if (b.westLng > b.eastLng) {
    throw validationError({ 'mapBounds.westLng': { key: 'fieldInvalid', params: { field: 'westLng' } } });
  }
  return {
    day: input.selectedDay,
    north: b.northLat,
    south: b.southLat,
    east: b.eastLng,
    west: b.westLng,
    categoryId: input.categoryId ?? null,
  };
}

const keyOf = (q: SearchQuery) => `${q.day}|${q.north}|${q.south}|${q.east}|${q.west}|${q.categoryId ?? ''}`;

/** An answer with excludeIds depends only on which events were chosen (and whether more remained). */
const pageKeyOf = (key: string, chosen: { ids: number[]; more: boolean }) =>
  `${key}|page${chosen.more ? '+' : ''}|${chosen.ids.join(',')}`;

/** The first SEARCH_MAX_EVENTS ids not excluded, and whether more remained. */
function pick(ids: number[], exclude: ReadonlySet<number>): { ids: number[]; more: boolean } {
  const chosen: number[] = [];
  for (const id of ids) {
    if (exclude.has(id)) continue;
    if (chosen.length === SEARCH_MAX_EVENTS) return { ids: chosen, more: true };
    chosen.push(id);
  }
  return { ids: chosen, more: false };
}

function postgresCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

export class SearchService {
  private readonly stamps: StampReader;
  private readonly gate: Gate;
  private readonly answers: LruCache<CachedAnswer>;
  /** Answers with excludeIds, apart: clients' varied histories must not evict the shared first pages. */
  private readonly pages: LruCache<CachedAnswer>;
  private readonly idLists: LruCache<IdList>;
  private readonly events: LruCache<EventJson>;
  private readonly inflight = new Map<string, Promise<CachedAnswer>>();
  private version = -1n;

  constructor(
    private readonly db: Database,
    pool: pg.Pool,
    private readonly storage: FileStorage,
    private readonly options: SearchOptions = DEFAULT_SEARCH_OPTIONS,
  ) {
    this.stamps = new StampReader(() => readStamp(pool));
    this.gate = new Gate(options.concurrency, options.maxWaiting);
    const budget = options.cacheBytes;
    this.answers = new LruCache(1000, Math.floor(budget * 0.35));
    this.pages = new LruCache(1000, Math.floor(budget * 0.2));
    this.idLists = new LruCache(10_000, Math.floor(budget * 0.1));
    this.events = new LruCache(200_000, Math.floor(budget * 0.35));
  }

  /** Sizes of the caches, for tests and diagnostics. */
  stats() {
    const { answers, pages, idLists, events } = this;
    return {
      answers: answers.size,
      pages: pages.size,
      idLists: idLists.size,
      events: events.size,
      version: this.version,
    };
  }

  async search(input: SearchInput): Promise<SearchAnswer> {
    const query = toQuery(input);
    const key = keyOf(query);
    const stamp = await this.stamps.current();
    this.observe(stamp.version);
    if (input.excludeIds.length === 0) {
      const cached = this.answers.get(key);
      if (cached && this.fresh(cached, stamp)) return cached;
      return this.sharedAnswer(query, key, stamp);
    }
    const exclude = new Set(input.excludeIds);
    return this.fromCache(key, stamp, exclude) ?? this.guarded(() => this.compute(query, key, exclude));
  }

  private fresh(entry: { version: bigint; validUntil: number }, stamp: Stamp): boolean {
    return entry.version === stamp.version && entry.validUntil >= stamp.nowMs;
  }

  /** A newer version makes every cached piece useless: drop them at once rather than wait for eviction. */
  private observe(version: bigint): void {
    if (version <= this.version) return;
    this.version = version;
    this.answers.clear();
    this.pages.clear();
    this.idLists.clear();
    this.events.clear();
  }

  /** Concurrent misses of the same answer share one computation, if it is at least as new as the request. */
  private async sharedAnswer(query: SearchQuery, key: string, stamp: Stamp): Promise<CachedAnswer> {
    const running = this.inflight.get(key);
    if (running) {
      const answer = await running;
      if (answer.version >= stamp.version && answer.validUntil >= stamp.nowMs) return answer;
    }
    const computing = this.guarded(() => this.compute(query, key, NO_EXCLUDE));
    this.inflight.set(key, computing);
    try {
      return await computing;
    } finally {
      if (this.inflight.get(key) === computing) this.inflight.delete(key);
    }
  }

  /**
   * The answer with excludeIds from the cache: kept whole when the same events were chosen before (the
   * common "next page" of a viewport), else assembled from cached pieces; undefined when a piece is missing.
   */
  private fromCache(key: string, stamp: Stamp, exclude: ReadonlySet<number>): SearchAnswer | undefined {
    const list = this.idLists.get(key);
    if (!list || !this.fresh(list, stamp)) return undefined;
    const chosen = pick(list.ids, exclude);
    const pageKey = pageKeyOf(key, chosen);
    const kept = this.pages.get(pageKey);
    if (kept && this.fresh(kept, stamp)) return kept;
    const parts: Buffer[] = [];
    let validUntil = list.validUntil;
    for (const id of chosen.ids) {
      const event = this.events.get(String(id));
      if (!event || !this.fresh(event, stamp)) return undefined;
      parts.push(event.json);
      validUntil = Math.min(validUntil, event.validUntil);
    }
    const body = assembleBody(parts, list.json, list.capped || chosen.more);
    return this.keep(this.pages, pageKey, body, stamp.version, validUntil);
  }

  /** Caches an answer with its ETag and (lazily) its compressed copies, which it makes room for. */
  private keep(
    cache: LruCache<CachedAnswer>,
    cacheKey: string,
    body: Buffer,
    version: bigint,
    validUntil: number,
  ): CachedAnswer {
    const answer = { body, etag: etagOf(body), encoded: compressLater(body), version, validUntil };
    cache.set(cacheKey, answer, Math.ceil(body.length * 1.25) + cacheKey.length);
    return answer;
  }

  private async guarded<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await this.gate.run(task);
    } catch (error) {
      if (error instanceof GateFullError)
        throw new AppError(503, { global: { key: 'searchBusy' } }, { 'retry-after': '2' });
      if (postgresCode(error) === '57014') throw new AppError(503, { global: { key: 'searchTimeout' } });
      throw error;
    }
  }

  /** One snapshot: the version, the ids (cached or queried), the events not cached yet. */
  private compute(query: SearchQuery, key: string, exclude: ReadonlySet<number>): Promise<CachedAnswer> {
    return this.db.transaction(
      async (tx) => {
        const stamp = await beginSearch(tx, this.options.statementTimeoutMs);
        this.observe(stamp.version);
        const ttlEnd = stamp.nowMs + this.options.ttlMs;
        let list = this.idLists.get(key);
        if (!list || !this.fresh(list, stamp)) {
          const found = await matchingIds(tx, query, SEARCH_MAX_IDS + 1);
          const ids = found.slice(0, SEARCH_MAX_IDS);
          const json = Buffer.from(ids.join(','));
          list = { version: stamp.version, ids, json, capped: found.length > ids.length, validUntil: ttlEnd };
          this.idLists.set(key, list, json.length + ids.length * 8 + 64);
        }
        const chosen = pick(list.ids, exclude);
        const jsonById = new Map<number, EventJson>();
        const missing: number[] = [];
        for (const id of chosen.ids) {
          const event = this.events.get(String(id));
          if (event && this.fresh(event, stamp)) jsonById.set(id, event);
          else missing.push(id);
        }
        if (missing.length > 0) {
          const [records, flips] = [await findEventsByIds(tx, missing), await pastFlips(tx, missing)];
          for (const record of records) {
            const json = Buffer.from(JSON.stringify(presentEvent(record, this.storage)));
            const validUntil = Math.min(flips.get(record.id) ?? Number.POSITIVE_INFINITY, ttlEnd);
            const event = { version: stamp.version, json, validUntil };
            jsonById.set(record.id, event);
            this.events.set(String(record.id), event, json.length + 64);
          }
        }
        const present = chosen.ids.flatMap((id) => jsonById.get(id) ?? []);
        const body = assembleBody(
          present.map((e) => e.json),
          list.json,
          list.capped || chosen.more,
        );
        const validUntil = Math.min(list.validUntil, ...present.map((e) => e.validUntil));
        if (exclude.size === 0) return this.keep(this.answers, key, body, stamp.version, validUntil);
        return this.keep(this.pages, pageKeyOf(key, chosen), body, stamp.version, validUntil);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}
