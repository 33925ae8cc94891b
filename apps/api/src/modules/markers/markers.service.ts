/**
 * The marker answer (issue 23), as one pipeline read top to bottom: request → cache → query → answer.
 *
 * - The events version is read for a request (StampReader: one shared query per turn of the event loop, strict: it
 *   includes every write committed before the request arrived, on any instance), with what the versions since the
 *   last one seen changed (event_changes: each changed event's days and place, before and after the write) —
 *   unless no event changed since the last read: every event write notifies every instance ('events_changed',
 *   plugins/event-changes.ts), so while the instance's LISTEN connection is up and has heard nothing since, a cached
 *   answer is served, and a revalidation answered 304, without any database query, and an answer not yet cached costs
 *   its marker query alone (no version read first: one round trip and one turn of the event loop fewer). A write on
 *   another instance is then seen once its notification arrives (milliseconds after its commit), well within the
 *   answers' max-age; for two seconds after a write of this process the version is read anyway
 *   (lib/local-event-writes.ts), so a client reading right after its own write sees it.
 * - "Now" (day=now) is keyed by the minute it is asked in (always read with the version: its minute is the database
 *   clock's); the text (q) and the access filter are part of the key.
 * - The cache keeps each tile's answer as bytes with its ETag (a hash of the bytes). A newer version drops exactly
 *   the answers its changes touch (their day, in their tile's box), as the search's cache does; the others stay.
 *   When what changed is not known (the first request, or too far behind), everything is dropped.
 * - The query reads `event_days` alone (the search's index, which keeps what a marker shows) for the tile (its tile
 *   keys, tile-keys.ts; its box with a text).
 * - The answer is serialised once, columnar (markers.ts of the contract), and compressed once per encoding, with the
 *   search's own helpers (compressLater, etagOf).
 * - An answer sent once is sent again by the front door (markers-front-door.ts) while `current` says it holds.
 */
import { type AccessFilter, accessFilterMask } from '@evmap/contract/accessibility';
import { MARKER_IMAGE_WIDTH } from '@evmap/contract/constants';
import { DAY_NOW } from '@evmap/contract/events';
import {
  MARKER_ANSWER_TITLE_MAX,
  MARKERS_MAX,
  type MarkersAnswer,
  type markersQuerySchema,
  tileBounds,
} from '@evmap/contract/markers';
import type pg from 'pg';
import type { z } from 'zod';
import { imageKey } from '../../lib/images';
import { recentLocalEventWrite } from '../../lib/local-event-writes';
import { LruCache } from '../../lib/lru-cache';
import type { FileStorage } from '../../lib/storage';
import { type EventChange, readStamp, type Stamp } from '../search/search.repository';
import { type Compressed, compressLater, etagOf, type SearchAnswer } from '../search/search-body';
import { NOW_KEY, NOW_MINUTE_MS, touchesKey } from '../search/search-cache';
import { StampReader } from '../search/stamp-reader';
import { findMarkers, type MarkerRow } from './markers.repository';

export type MarkersRequest = z.output<typeof markersQuerySchema>;

/** The notifications of event writes on every instance (EventsListener): whether they can come, and each one. */
export type ChangeNotifications = { readonly connected: boolean; subscribe: (fn: () => void) => () => void };
/** An answer, with the cache key it is kept under (the front door serves it again by that key). */
export type MarkersReply = SearchAnswer & { etag: string; key: string; encoded: Compressed };

type Entry = MarkersReply & { version: bigint };

/**
 * The brotli quality of an answer's copy made once it is asked again (compressLater): marker answers are shared by
 * many visitors, so a slower, smaller copy pays for itself (a Montréal tile of 2,270 markers: 40.1 KB at quality 5,
 * 38.9 KB at 9, 32.6 KB at 11, made in about 0.6 s of one thread, once).
 */
const MARKERS_BROTLI_FINER = 11;
/**
 * The quality of the first copy, which the first request of an answer waits for: 4 instead of the search's 5 (the
 * Montréal tile of 1,927 markers for "montreal": 1.6 ms instead of 3.0 ms, 33.8 KB instead of 32.7 KB); an answer
 * asked again gets the finer copy.
 */
const MARKERS_BROTLI_FIRST = 4;

/** Changes remembered for answers read at an older version than the latest seen. */
const MAX_RECENT_CHANGES = 5000;

/** The cache's bounds: answers (a Montréal tile of 3,000 markers is ~150 KB raw) and their bytes. */
const CACHE_ENTRIES = 5000;
const CACHE_BYTES = 64 * 1024 * 1024;

/** The address of a cover at the stored width closest to the marker's, or '' without a cover. */
export type ImageAddress = (imagePath: string | null, formats: number[] | null) => string;

export function markerImage(storage: Pick<FileStorage, 'url'>): ImageAddress {
  return (imagePath, formats) => {
    if (!imagePath || !formats || formats.length === 0) return '';
    const width = formats.reduce((best, w) =>
      Math.abs(w - MARKER_IMAGE_WIDTH) < Math.abs(best - MARKER_IMAGE_WIDTH) ? w : best,
    );
    return storage.url(imageKey(imagePath, width));
  };
}

/** A whole number as PostgreSQL writes it, or null. */
const int = (value: string | null | undefined) => (value == null ? null : +value);

/**
 * The columnar answer (MarkersAnswer of the contract) of rows sorted by id, as JSON: ids delta-coded, coordinates in
 * 1e-5 degrees, each distinct cover address once (`images`, keyed by the cover's path) and an index per marker.
 * Columns of numbers and one JSON.stringify: 0.9 ms for the 2,209 markers of the Montréal tile, where writing each
 * value's JSON apart took 1.6 ms.
 */
export function markersBody(rows: MarkerRow[], capped: boolean, image: ImageAddress): string {
  const n = rows.length;
  const answer: MarkersAnswer = {
    capped,
    id: new Array<number>(n),
    lat: new Array<number>(n),
    lng: new Array<number>(n),
    category: new Array<number | null>(n),
    handle: new Array<string>(n),
    title: new Array<string>(n),
    image: new Array<number>(n),
    images: [],
    access: new Array<number>(n),
    start: new Array<number>(n),
  };
  const imageIndex = new Map<string, number>();
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const [id, la, lo, category, handle, title, path, formats, access, start] = rows[i] as MarkerRow;
    const current = Number(id);
    answer.id[i] = current - previous;
    previous = current;
    answer.lat[i] = Number(la);
    answer.lng[i] = Number(lo);
    answer.category[i] = int(category);
    answer.handle[i] = handle ?? '';
    answer.title[i] = title ?? '';
    let index = -1;
    if (path && formats) {
      const known = imageIndex.get(path);
      if (known === undefined) {
        const address = image(path, formats.slice(1, -1).split(',').filter(Boolean).map(Number));
        index = address ? answer.images.push(address) - 1 : -1;
        imageIndex.set(path, index);
      } else index = known;
    }
    answer.image[i] = index;
    // Never null in event_days (a null would be written as such, as before).
    answer.access[i] = int(access) as number;
    answer.start[i] = int(start) as number;
  }
  return JSON.stringify(answer);
}

export class MarkersService {
  private readonly stamps: StampReader;
  private readonly cache = new LruCache<Entry>(CACHE_ENTRIES, CACHE_BYTES);

  private readonly image: ImageAddress;
  /** The latest events version seen: every cached answer is right for it (observe). */
  private version = -1n;
  /** The changes of the versions after `recentFrom`, up to `version`. */
  private recent: EventChange[] = [];
  private recentFrom = -1n;
  /** Notifications heard, and how many of them a completed version read is known to include. */
  private heard = 0;
  private covered = -1;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly pool: pg.Pool,
    storage: Pick<FileStorage, 'url'>,
    private readonly changes: ChangeNotifications,
  ) {
    this.stamps = new StampReader(() => readStamp(pool, this.version));
    this.image = markerImage(storage);
    // A change, or a reconnection after notifications may have been lost (resync).
    this.unsubscribe = changes.subscribe(() => {
      this.heard++;
    });
  }

  /** The answer for `request`, from the cache when no change since touched it. */
  async markers(request: MarkersRequest): Promise<MarkersReply> {
    const box = tileBounds(request.z, request.x, request.y);
    const access = request.access ? accessFilterMask(request.access.split(',') as AccessFilter[]) : 0;
    const text = request.q ? request.q : null;
    const now = request.day === DAY_NOW;
    // Starts as the search's keys do (day and box), so that touchesKey reads it; the text as base64url (no `|`).
    const tail = `${box.north}|${box.south}|${box.east}|${box.west}|${request.category ?? ''}|${request.lang}|${access}|${
      text === null ? '' : Buffer.from(text).toString('base64url')
    }`;
    let version = this.version;
    let key = `${request.day}|${tail}`;
    if (now || !this.quiet()) {
      // The writes of the notifications heard so far were committed before the read below is sent: it includes them.
      const heard = this.heard;
      const stamp = await this.stamps.current();
      this.observe(stamp);
      this.covered = Math.max(this.covered, heard);
      version = stamp.version;
      // "Now" is keyed by the minute (of the database clock) it is asked in: its answer changes as time passes.
      if (now) key = `${NOW_KEY}${Math.floor(stamp.nowMs / NOW_MINUTE_MS)}|${tail}`;
    }
    // While quiet, every cached answer is current, and an answer read now is kept at the latest version seen: the
    // query's snapshot holds every write up to it (and more; a later change still drops what it touches).
    const cached = this.cache.get(key);
    if (cached) return cached;

    const rows = await findMarkers(this.pool, {
      day: request.day,
      tile: { z: request.z, x: request.x, y: request.y },
      categoryId: request.category ?? null,
      access,
      lang: request.lang,
      text,
      limit: MARKERS_MAX + 1,
      titleMax: MARKER_ANSWER_TITLE_MAX,
    });
    const capped = rows.length > MARKERS_MAX;
    const body = Buffer.from(markersBody(capped ? rows.slice(0, MARKERS_MAX) : rows, capped, this.image));
    // The ETag follows the bytes, so that an answer that did not change keeps its ETag across versions.
    const etag = etagOf(body, 'm');
    const entry: Entry = {
      body,
      etag,
      key,
      version,
      encoded: compressLater(body, MARKERS_BROTLI_FINER, MARKERS_BROTLI_FIRST),
    };
    // Read before a change another request has seen meanwhile: answered, but not kept.
    if (!this.missed(version, key)) this.cache.set(key, entry, body.length + 100);
    return entry;
  }

  /**
   * The cached answer of `key` when it is known current without any query: no notification of an event write heard
   * since the last version read, notifications connected, no recent write of this process; never "now".
   */
  current(key: string): Entry | undefined {
    return key.startsWith(NOW_KEY) || !this.quiet() ? undefined : this.cache.get(key);
  }

  /**
   * True when the latest version read is known to be the current one without any query: a version has been read, no
   * notification of an event write heard since, notifications connected, no recent write of this process.
   */
  private quiet(): boolean {
    return this.version >= 0n && this.covered === this.heard && this.changes.connected && !recentLocalEventWrite();
  }

  /** A newer version: drop the answers its changes touch (or all of them when what changed is not known). */
  private observe(stamp: Stamp): void {
    if (stamp.version <= this.version) return;
    const fresh = stamp.changes?.filter((change) => change.version > this.version);
    const versions = new Set(fresh?.map((change) => change.version));
    if (!fresh || this.version < 0n || BigInt(versions.size) !== stamp.version - this.version) {
      this.cache.clear();
      this.recent = [];
      this.recentFrom = stamp.version;
    } else {
      const placed = fresh.filter((change) => change.latitude !== null && change.days.length > 0);
      if (placed.length > 0) this.cache.deleteWhere((key) => placed.some((change) => touchesKey(change, key)));
      this.recent.push(...fresh);
      const cut = this.recent.length - MAX_RECENT_CHANGES;
      if (cut > 0) this.recentFrom = this.recent.splice(0, cut).at(-1)!.version;
    }
    this.version = stamp.version;
  }

  /** True when an answer read at `version` may miss a change seen since (it is then not kept). */
  private missed(version: bigint, key: string): boolean {
    if (version >= this.version) return false;
    if (version < this.recentFrom) return true;
    return this.recent.some((change) => change.version > version && touchesKey(change, key));
  }

  close(): void {
    this.unsubscribe();
    this.cache.clear();
  }
}
