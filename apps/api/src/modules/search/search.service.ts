/**
 * Map search with a strict in-process cache.
 *
 * Every answer depends on the events version (app_meta 'events_version', raised in the same transaction
 * as every event write) and on the database clock (an event's `isPast` flips when its last date ends).
 * Each request reads the version after it arrived (StampReader), with what the versions since the last one seen
 * changed (event_changes: the days and places each changed event covered before and after), and drops the cached
 * pieces those changes touch, so nothing cached before a committed write — on any instance — is served after it,
 * while the answers of other days and places stay. Cached pieces: the id list of (day, bounds, category),
 * each presented event as JSON bytes, and whole answers (with their ETag and compressed copies): without
 * excludeIds by query, with excludeIds by the events they chose.
 * Uncached work runs in a read-only REPEATABLE READ transaction (one snapshot for version, ids and
 * events) with a statement timeout, behind a gate that bounds how many use the database at once.
 */
import { accessFilterMask } from '@evmap/contract/accessibility';
import { SEARCH_MAX_IDS, type searchBodySchema } from '@evmap/contract/events';
import type pg from 'pg';
import type { z } from 'zod';
import { AppError, validationError } from '../../errors';
import { LruCache } from '../../lib/lru-cache';
import type { FileStorage } from '../../lib/storage';
import { presentEvent } from '../events/event.presenter';
import { findEventsWithLastEnd } from '../events/events.repository';
import {
  type EventChange,
  inSnapshot,
  matchingIds,
  readStamp,
  type SearchQuery,
  type Stamp,
} from './search.repository';
import { assembleBody, compressLater, etagOf, type SearchAnswer } from './search-body';
import {
  type CachedAnswer,
  current,
  type EventJson,
  earliest,
  type IdList,
  keyOf,
  keyValidUntil,
  pageKeyOf,
  pick,
  touchesKey,
  usable,
} from './search-cache';
import { Gate, GateFullError } from './search-gate';
import { StampReader } from './stamp-reader';

export type SearchInput = z.output<typeof searchBodySchema>;

export type SearchOptions = {
  /** Per-statement limit of uncached searches (SET LOCAL statement_timeout). */
  statementTimeoutMs: number;
  /** Uncached searches using the database at once, and how many may wait. */
  concurrency: number;
  maxWaiting: number;
  /** Safety-net age of any cached piece, whatever the version says (see Timed.refreshAt). */
  ttlMs: number;
  /** Memory budget of the caches together. */
  cacheBytes: number;
};

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  statementTimeoutMs: 2000,
  concurrency: 4,
  maxWaiting: 500,
  ttlMs: 60_000,
  cacheBytes: 96 * 1024 * 1024,
};

const NO_EXCLUDE: ReadonlySet<number> = new Set();
/** Changes remembered for pieces computed in an older snapshot than the latest version seen. */
const MAX_RECENT_CHANGES = 5000;

function toQuery(input: SearchInput): SearchQuery {
  const b = input.mapBounds;
  // Bounds crossing the antimeridian are not searched (the map covers Canada).
  if (b.westLng > b.eastLng) {
    throw validationError({ 'mapBounds.westLng': { key: 'fieldInvalid', params: { field: 'westLng' } } });
  }
  const categoryId = input.categoryId ?? null;
  const access = accessFilterMask(input.access);
  const text = input.text ? input.text : null;
  return {
    day: input.selectedDay,
    north: b.northLat,
    south: b.southLat,
    east: b.eastLng,
    west: b.westLng,
    categoryId,
    access,
    text,
  };
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
  /** The latest events version seen: every cached piece is right for it (observe). */
  private version = -1n;
  /** The changes of the versions after `recentFrom`, up to `version`. */
  private recent: EventChange[] = [];
  private recentFrom = -1n;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly storage: FileStorage,
    private readonly options: SearchOptions = DEFAULT_SEARCH_OPTIONS,
  ) {
    this.stamps = new StampReader(() => readStamp(pool, this.version));
    this.gate = new Gate(options.concurrency, options.maxWaiting);
    const budget = options.cacheBytes;
    this.answers = new LruCache(1000, Math.floor(budget * 0.35));
    this.pages = new LruCache(1000, Math.floor(budget * 0.2));
    this.idLists = new LruCache(10_000, Math.floor(budget * 0.1));
    this.events = new LruCache(200_000, Math.floor(budget * 0.35));
  }

  /** The app is closing: searches still queued give up instead of using a closed pool. */
  close(): void {
    this.closed = true;
  }

  /** `gone` says whether the client left (a queued search is then not run). */
  async search(input: SearchInput, gone: () => boolean = () => false): Promise<SearchAnswer> {
    const query = toQuery(input);
    const stamp = await this.stamps.current();
    const key = keyOf(query, stamp.nowMs);
    this.observe(stamp);
    const exclude = input.excludeIds.length === 0 ? NO_EXCLUDE : new Set(input.excludeIds);
    const found = exclude.size === 0 ? this.answers.get(key) : this.fromCache(key, stamp, exclude);
    if (found && usable(found, stamp)) {
      if (!current(found, stamp)) void this.shared(query, key, exclude, stamp, () => false).catch(() => undefined);
      return found;
    }
    return this.shared(query, key, exclude, stamp, gone);
  }

  /**
   * A newer version: drop the cached pieces its changes touch (the answers of the days and places the changed events
   * covered, before or after, and those events' own pieces), keep the others. When what changed is not known (the
   * first request, or too far behind), drop everything.
   */
  private observe(stamp: Stamp): void {
    if (stamp.version <= this.version) return;
    const fresh = stamp.changes?.filter((change) => change.version > this.version);
    const versions = new Set(fresh?.map((change) => change.version));
    if (!fresh || this.version < 0n || BigInt(versions.size) !== stamp.version - this.version) {
      for (const cache of [this.answers, this.pages, this.idLists, this.events]) cache.clear();
      this.recent = [];
      this.recentFrom = stamp.version;
    } else {
      this.drop(fresh);
      this.recent.push(...fresh);
      const cut = this.recent.length - MAX_RECENT_CHANGES;
      if (cut > 0) this.recentFrom = this.recent.splice(0, cut).at(-1)!.version;
    }
    this.version = stamp.version;
  }

  private drop(changes: EventChange[]): void {
    for (const change of changes) this.events.delete(String(change.eventId));
    const placed = changes.filter((change) => change.latitude !== null && change.days.length > 0);
    if (placed.length === 0) return;
    const touched = (key: string) => placed.some((change) => touchesKey(change, key));
    for (const cache of [this.idLists, this.answers, this.pages]) cache.deleteWhere(touched);
  }

  /** True when a piece read at `version` may miss a change seen since (it is then answered but not kept). */
  private missed(version: bigint, touches: (change: EventChange) => boolean): boolean {
    if (version >= this.version) return false;
    if (version < this.recentFrom) return true;
    return this.recent.some((change) => change.version > version && touches(change));
  }

  /**
   * Concurrent computations of the same answer are shared, when the running one is at least as new as the
   * request (its snapshot saw every write the request must see).
   */
  private async shared(
    query: SearchQuery,
    key: string,
    exclude: ReadonlySet<number>,
    stamp: Stamp,
    gone: () => boolean,
  ): Promise<CachedAnswer> {
    const flightKey = exclude.size === 0 ? key : `${key}|${[...exclude].join(',')}`;
    const running = this.inflight.get(flightKey);
    if (running) {
      const answer = await running;
      if (answer.version >= stamp.version && answer.validUntil >= stamp.nowMs) return answer;
    }
    const computing = this.guarded(() => this.compute(query, key, exclude), gone);
    this.inflight.set(flightKey, computing);
    try {
      return await computing;
    } finally {
      if (this.inflight.get(flightKey) === computing) this.inflight.delete(flightKey);
    }
  }

  /**
   * The answer with excludeIds from the cache: kept whole when the same events were chosen before (the
   * common "next page" of a viewport), else assembled from cached pieces; undefined when a piece is missing.
   */
  private fromCache(key: string, stamp: Stamp, exclude: ReadonlySet<number>): CachedAnswer | undefined {
    const list = this.idLists.get(key);
    if (!list || !usable(list, stamp)) return undefined;
    const chosen = pick(list.ids, exclude);
    const pageKey = pageKeyOf(key, chosen);
    const kept = this.pages.get(pageKey);
    if (kept && usable(kept, stamp)) return kept;
    const pieces: EventJson[] = [];
    for (const id of chosen.ids) {
      const event = this.events.get(String(id));
      if (!event || !usable(event, stamp)) return undefined;
      pieces.push(event);
    }
    return this.keep(
      this.pages,
      pageKey,
      assembleBody(
        pieces.map((e) => e.json),
        list.json,
        list.capped || chosen.more,
      ),
      {
        // Assembled from cached pieces, right for the latest version seen.
        version: this.version,
        validUntil: earliest(pieces, 'validUntil', list.validUntil),
        refreshAt: earliest(pieces, 'refreshAt', list.refreshAt),
      },
    );
  }

  /** Caches an answer with its ETag and compressed copies (reused when the bytes did not change). */
  private keep(
    cache: LruCache<CachedAnswer>,
    cacheKey: string,
    body: Buffer,
    times: Pick<CachedAnswer, 'version' | 'validUntil' | 'refreshAt'>,
  ): CachedAnswer {
    const previous = cache.get(cacheKey);
    const same = previous?.body.equals(body) ? previous : undefined;
    const answer: CachedAnswer = {
      body: same?.body ?? body,
      etag: same?.etag ?? etagOf(body),
      encoded: same?.encoded ?? compressLater(body),
      ...times,
    };
    if (!this.missed(times.version, (change) => touchesKey(change, cacheKey))) {
      cache.set(cacheKey, answer, Math.ceil(body.length * 1.25) + cacheKey.length);
    }
    return answer;
  }

  private async guarded<T>(task: () => Promise<T>, gone: () => boolean): Promise<T> {
    try {
      return await this.gate.run(() => {
        if (this.closed || gone()) throw new AppError(503, { global: { key: 'unavailable' } });
        return task();
      });
    } catch (error) {
      if (error instanceof GateFullError) {
        throw new AppError(503, { global: { key: 'searchBusy' } }, { 'retry-after': '2' });
      }
      if (postgresCode(error) === '57014') throw new AppError(503, { global: { key: 'searchTimeout' } });
      throw error;
    }
  }

  /** One snapshot: the version, the ids (cached or queried), the events not cached yet. */
  private compute(query: SearchQuery, key: string, exclude: ReadonlySet<number>): Promise<CachedAnswer> {
    return inSnapshot(this.pool, this.options.statementTimeoutMs, async (tx, stamp) => {
      const times = { version: stamp.version, refreshAt: stamp.nowMs + this.options.ttlMs };
      let list = this.idLists.get(key);
      if (!list || !current(list, stamp)) {
        const found = await matchingIds(tx, query, SEARCH_MAX_IDS + 1);
        const ids = found.slice(0, SEARCH_MAX_IDS);
        const json = Buffer.from(ids.join(','));
        const capped = found.length > ids.length;
        list = { ...times, validUntil: keyValidUntil(key), ids, json, capped };
        if (!this.missed(stamp.version, (change) => touchesKey(change, key))) {
          this.idLists.set(key, list, json.length + ids.length * 8 + 64);
        }
      }
      const chosen = pick(list.ids, exclude);
      const byId = new Map<number, EventJson>();
      const missing: number[] = [];
      for (const id of chosen.ids) {
        const event = this.events.get(String(id));
        if (event && current(event, stamp)) byId.set(id, event);
        else missing.push(id);
      }
      if (missing.length > 0) {
        for (const record of await findEventsWithLastEnd(tx, missing)) {
          const json = Buffer.from(JSON.stringify(presentEvent(record, this.storage)));
          // Until its isPast flips (its latest end); a past event cannot flip back without a write.
          const validUntil = record.isPast
            ? Number.POSITIVE_INFINITY
            : (record.lastEndsAtMs ?? Number.POSITIVE_INFINITY);
          const event = { ...times, validUntil, json };
          byId.set(record.id, event);
          if (!this.missed(stamp.version, (change) => change.eventId === record.id)) {
            this.events.set(String(record.id), event, json.length + 64);
          }
        }
      }
      const pieces = chosen.ids.flatMap((id) => byId.get(id) ?? []);
      const body = assembleBody(
        pieces.map((e) => e.json),
        list.json,
        list.capped || chosen.more,
      );
      const answerTimes = {
        version: stamp.version,
        validUntil: earliest(pieces, 'validUntil', list.validUntil),
        refreshAt: earliest(pieces, 'refreshAt', list.refreshAt),
      };
      if (exclude.size === 0) return this.keep(this.answers, key, body, answerTimes);
      return this.keep(this.pages, pageKeyOf(key, chosen), body, answerTimes);
    });
  }
}
