/**
 * One run of an import source (issue 25): fetch (safe-fetch.ts), parse (a connector), then write in batches, one
 * transaction each, idempotent by (source, external id): a new record becomes an event of the source's
 * organisation (published or waiting as the source says), a changed one updates its event (the fields an
 * administrator edited kept), an unchanged one is left alone, a record missing from two runs in a row deactivates
 * its event (never deletes it). A record that is an existing event (duplicate.ts's rule) is linked to it instead.
 * A feed refused as a whole (fetch error, malformed or truncated) changes nothing and is the run's error.
 */
import { createHash } from 'node:crypto';
import { PROVINCES } from '@evmap/contract/enums';
import type { AdminEventInput } from '@evmap/contract/events';
import { IMPORT_REJECTIONS_KEPT, type ImportCounts, type ImportKind } from '@evmap/contract/import';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { storeImage } from '../../lib/images';
import { FetchError, type SafeFetchOptions, safeFetch } from '../../lib/safe-fetch';
import type { FileStorage } from '../../lib/storage';
import type { UserRow } from '../../plugins/auth';
import { indexSavedEvents } from '../events/event-write.service';
import { insertUpload } from '../uploads/uploads.repository';
import { findUserById } from '../users/users.repository';
import { CONNECTORS } from './connectors/index';
import {
  CANCELLED,
  categoryKey,
  FeedError,
  type Fetcher,
  type ImportedRecord,
  type ParseContext,
} from './connectors/types';
import {
  addMissedRun,
  claimDueSource,
  type DuplicateCandidate,
  duplicateCandidates,
  findDuplicate,
  finishRun,
  type ImportedEventRow,
  importedEvents,
  insertLink,
  type LinkRow,
  markImported,
  normalAddresses,
  type RunRow,
  type SourceRow,
  setLinkMissedRuns,
  setLinkRecord,
  setMissedRuns,
  sourceLinks,
  startRun,
} from './import.repository';
import { createImported, deactivate, updateImported } from './import-events';

export type ImportDeps = {
  db: Database;
  fetchOptions: SafeFetchOptions;
  /** Where the records' pictures are stored (as uploads are); without it, records are imported without them. */
  storage?: FileStorage;
  /** The coordinates of an address, street-precise, when a geocoder is configured (not the built-in gazetteer). */
  geocode?: (query: string) => Promise<{ latitude: number; longitude: number } | undefined>;
};

/** Addresses a run geocodes at most (public geocoders ask for restraint); the others keep no coordinates. */
export const GEOCODES_PER_RUN = 200;

/** Pictures a run fetches at most; the others are fetched by the next runs. */
export const IMAGES_PER_RUN = 200;
/** The limits of a picture's fetch. */
export const IMAGE_FETCH = { maxBytes: 10 * 1024 * 1024, timeoutMs: 15_000 };

/** Records written per transaction. */
export const IMPORT_BATCH = 200;
/** Runs in a row a record may be missing before its event is deactivated. */
export const MISSED_RUNS_LIMIT = 2;

const zeroCounts = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0, removed: 0, rejected: 0, linked: 0 });

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');
const hashOf = (event: AdminEventInput) => digest(JSON.stringify(event));

/**
 * A record's texts in its source's language. Connectors write a text in one language as the French one (French is
 * required of every event); an English source's texts are English: they fill the English fields too, where the
 * record has no English of its own, and the French ones keep them, shown as "not translated" (event.presenter.ts).
 * Part of the record's hash: changing a source's language rewrites its events at the next run.
 */
export function inLanguage(event: AdminEventInput, language: string): AdminEventInput {
  if (language !== 'en') return event;
  return {
    ...event,
    titleEn: event.titleEn || event.titleFr,
    descriptionEn: event.descriptionEn || event.descriptionFr,
    accessibility: event.accessibility && {
      ...event.accessibility,
      noteEn: event.accessibility.noteEn || event.accessibility.noteFr,
    },
  };
}
/**
 * The hash kept on an event: its record's, then (after a dot) its picture URL's when it has one, so that a change of
 * the picture alone is a change, and that the run tells whether the picture changed.
 */
const storedHash = (record: ValidRecord) => (record.imageHash ? `${record.hash}.${record.imageHash}` : record.hash);
const hashParts = (hash: string | null | undefined) => {
  const [event, image] = (hash ?? '').split('.');
  return { event, image };
};

type RunState = {
  source: SourceRow;
  owner: UserRow;
  counts: ImportCounts;
  rejections: Array<{ externalId: string | null; reason: string }>;
  known: Map<string, ImportedEventRow>;
  links: Map<string, LinkRow>;
  /** Whether an existing event may be the record's (place and time); only then is findDuplicate asked. */
  mayBeDuplicate: (event: AdminEventInput) => boolean;
};

function reject(state: RunState, externalId: string | null, reason: string) {
  state.counts.rejected++;
  if (state.rejections.length < IMPORT_REJECTIONS_KEPT) state.rejections.push({ externalId, reason });
}

/**
 * The events of a batch to mark as their records' (one statement at the end of the batch), and those created, whose
 * search index and change signal are written together at the end of the batch too.
 */
type Marks = Array<{ id: number; externalId: string; importHash: string; created?: { uuid: string } }>;

async function writeRecord(tx: Tx, state: RunState, record: ValidRecord, marks: Marks) {
  const { source, owner, counts } = state;
  const { externalId, event } = record;
  const hash = storedHash(record);
  const known = state.known.get(externalId);
  const images = record.imagePath ? [{ imagePath: record.imagePath, orderIdx: 0 }] : undefined;
  {
    if (known) {
      if (known.deleted) return void counts.unchanged++;
      // Back after being deactivated as missing: on the map again if the source publishes at once.
      const returning =
        known.importMissedRuns >= MISSED_RUNS_LIMIT && !known.active && !known.adminEditedFields.includes('active');
      if (known.importHash === hash && !returning) {
        if (known.importMissedRuns > 0) await setMissedRuns(tx, known.id, 0);
        return void counts.unchanged++;
      }
      await updateImported(
        tx,
        owner,
        known.id,
        event,
        known.adminEditedFields,
        returning ? source.publishAtOnce : undefined,
        images,
      );
      marks.push({ id: known.id, externalId, importHash: hash });
      return void counts.updated++;
    }
    const link = state.links.get(externalId);
    if (link) {
      if (link.missedRuns > 0) await setLinkMissedRuns(tx, link.id, 0);
      // The record as it is now, for a split (links made before 0014 get theirs here).
      if (link.importHash !== hash) await setLinkRecord(tx, link.id, { eventBody: event, importHash: hash });
      return void counts.linked++;
    }
    const first = event.dates[0]!;
    const duplicate = !state.mayBeDuplicate(event)
      ? undefined
      : await findDuplicate(tx, {
          sourceId: source.id,
          title: event.titleFr,
          start: first.startDate,
          address: event.address ?? null,
          lat: event.latitude ?? null,
          lng: event.longitude ?? null,
          exclude: marks.map((m) => m.id),
        });
    if (duplicate !== undefined) {
      await insertLink(tx, {
        sourceId: source.id,
        externalId,
        eventId: duplicate,
        title: event.titleFr,
        eventBody: event,
        importHash: hash,
      });
      return void counts.linked++;
    }
    const saved = await createImported(tx, owner, event, source.publishAtOnce, images ?? [], { indexLater: true });
    marks.push({ id: saved.id, externalId, importHash: hash, created: { uuid: saved.uuid } });
    counts.created++;
  }
}

const HALF_HOUR = 30 * 60_000;
const wallMs = (date: string) => Date.parse(`${date.replace(' ', 'T')}Z`);

/** Metres between two points (findDuplicate's formula). */
function metres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 12_742_000 * Math.asin(Math.sqrt(a));
}

/**
 * The run's first look for duplicates: the dates of other events near the new records' first starts are loaded
 * once (with their place); a record with none within 30 minutes at the same place (150 m, or the same normalised
 * address) cannot be a duplicate, and skips findDuplicate's query (which also compares the titles).
 */
async function duplicateFilter(db: Database, state: RunState, records: ValidRecord[]) {
  const fresh = records.filter((r) => !state.known.has(r.externalId) && !state.links.has(r.externalId));
  const starts = fresh.map((r) => r.event.dates[0]!.startDate).sort();
  if (starts.length === 0) return () => true;
  const candidates = await duplicateCandidates(db, state.source.id, starts[0]!, starts.at(-1)!);
  const addresses = await normalAddresses(db, [
    ...new Set(fresh.map((r) => r.event.address).filter((a): a is string => !!a)),
  ]);
  const buckets = new Map<number, DuplicateCandidate[]>();
  for (const candidate of candidates) {
    const bucket = Math.floor(candidate.start / HALF_HOUR);
    const list = buckets.get(bucket);
    if (list) list.push(candidate);
    else buckets.set(bucket, [candidate]);
  }
  return (event: AdminEventInput) => {
    const start = wallMs(event.dates[0]!.startDate);
    const address = event.address ? addresses.get(event.address) : undefined;
    const { latitude: lat, longitude: lng } = event;
    const bucket = Math.floor(start / HALF_HOUR);
    for (const b of [bucket - 1, bucket, bucket + 1]) {
      for (const c of buckets.get(b) ?? []) {
        if (Math.abs(c.start - start) > HALF_HOUR) continue;
        // An address not normalised above: only the query can tell.
        if (event.address && address === undefined) return true;
        if (address && c.address === address) return true;
        if (lat != null && lng != null && c.lat !== null && c.lng !== null && metres(lat, lng, c.lat, c.lng) <= 151) {
          return true;
        }
      }
    }
    return false;
  };
}

/**
 * A record to write; its hash is the record's as the source gave it (before geocoding); `imageHash` that of the
 * picture URL the event has after this run, `imagePath` the upload of the picture fetched by this run.
 */
type ValidRecord = {
  externalId: string;
  event: AdminEventInput;
  hash: string;
  imageUrl?: string;
  imageHash?: string;
  imagePath?: string;
};

/**
 * Coordinates for the new or changed records that have an address and none (GEOCODES_PER_RUN addresses at most,
 * each looked up once); a record the geocoder does not place stays without (no marker).
 */
async function geocodeMissing(deps: ImportDeps, state: RunState, records: ValidRecord[]): Promise<void> {
  const { geocode } = deps;
  if (!geocode) return;
  const found = new Map<string, Promise<{ latitude: number; longitude: number } | undefined>>();
  for (const record of records) {
    const { event } = record;
    if (event.latitude !== null || !event.address) continue;
    if (hashParts(state.known.get(record.externalId)?.importHash).event === record.hash) continue;
    const query = [event.address, event.city].filter(Boolean).join(', ');
    if (!found.has(query)) {
      if (found.size >= GEOCODES_PER_RUN) continue;
      found.set(
        query,
        geocode(query).catch(() => undefined),
      );
    }
    const point = await found.get(query);
    if (point) Object.assign(event, point);
  }
}

/**
 * The pictures of the new records and of those whose picture URL changed (IMAGES_PER_RUN at most, the others left
 * for the next runs): fetched with safe-fetch (size and time bounded), checked by their content and stored as
 * uploads are, the upload the organisation's. A picture that cannot be had leaves its record without one (until its
 * URL changes); it never rejects the record.
 */
async function fetchImages(deps: ImportDeps, state: RunState, records: ValidRecord[]): Promise<void> {
  const { storage } = deps;
  let fetched = 0;
  for (const record of records) {
    const known = state.known.get(record.externalId);
    const previous = hashParts(known?.importHash).image;
    if (!record.imageUrl || !storage || known?.deleted || state.links.has(record.externalId)) {
      record.imageHash = previous;
      continue;
    }
    const wanted = digest(record.imageUrl).slice(0, 16);
    if (wanted === previous || fetched >= IMAGES_PER_RUN) {
      record.imageHash = previous;
      continue;
    }
    fetched++;
    record.imageHash = wanted;
    try {
      const { body } = await safeFetch(record.imageUrl, {
        ...deps.fetchOptions,
        ...IMAGE_FETCH,
        accept: 'image/jpeg, image/png;q=0.9',
      });
      const stored = await storeImage(body, 'events', storage);
      await insertUpload(deps.db, {
        userId: state.owner.id,
        folder: 'events',
        path: stored.path,
        formats: stored.formats,
      });
      record.imagePath = stored.path;
    } catch {
      // Refused, failed, too large, not a jpeg or png: the record goes without its picture.
    }
  }
}

/** The events and links whose record was not in this run: one more missed run; deactivated at the limit. */
async function countMissing(db: Database, state: RunState, seen: Set<string>) {
  const missing = [...state.known.values()].filter((e) => !seen.has(e.externalId) && !e.deleted);
  for (let i = 0; i < missing.length; i += IMPORT_BATCH) {
    await db.transaction(async (tx) => {
      const batch = missing.slice(i, i + IMPORT_BATCH).filter((e) => e.importMissedRuns < MISSED_RUNS_LIMIT);
      // One statement for the batch; the events at the limit then leave the map one by one (their days, the maps).
      await addMissedRun(
        tx,
        batch.map((e) => e.id),
      );
      for (const event of batch) {
        if (event.importMissedRuns + 1 === MISSED_RUNS_LIMIT && event.active) {
          await deactivate(tx, event);
          state.counts.removed++;
        }
      }
    });
  }
  for (const link of state.links.values()) {
    if (!seen.has(link.externalId)) await setLinkMissedRuns(db, link.id, link.missedRuns + 1);
  }
}

async function readFeed(deps: ImportDeps, source: SourceRow, now: Date): Promise<ImportedRecord[]> {
  const connector = CONNECTORS[source.kind as ImportKind];
  if (!connector) throw new FeedError(`unknown kind ${source.kind}`);
  const fetcher: Fetcher = (url) => safeFetch(url, { accept: connector.accept, ...deps.fetchOptions });
  const mapping = source.categoryMapping;
  const folded = new Map(Object.entries(mapping).map(([name, id]) => [categoryKey(name), id]));
  const context: ParseContext = {
    now,
    timeZone: PROVINCES.QC,
    categoryOf: (category) => folded.get(categoryKey(category)) ?? source.defaultCategoryId ?? null,
  };
  if (connector.fetchRecords) return connector.fetchRecords(fetcher, source.url, context);
  return await connector.parse((await fetcher(source.url)).body, context);
}

/** Runs `source` now; the run row says what it did. */
export async function runSource(deps: ImportDeps, source: SourceRow, now = new Date()): Promise<RunRow> {
  const run = await startRun(deps.db, source.id, now);
  if (!run) throw new AppError(409, { global: { key: 'importAlreadyRunning' } });
  const owner = await findUserById(deps.db, source.ownerId);
  const state: RunState = {
    source,
    owner: owner!,
    counts: zeroCounts(),
    rejections: [],
    known: new Map(),
    links: new Map(),
    mayBeDuplicate: () => true,
  };
  let records: ImportedRecord[];
  try {
    if (!owner || owner.deletedAt) throw new FeedError('the source’s organisation account no longer exists');
    records = await readFeed(deps, source, now);
  } catch (error) {
    if (!(error instanceof FetchError || error instanceof FeedError)) throw error;
    return finishRun(deps.db, run.id, { counts: state.counts, error: error.message, rejections: [] });
  }
  state.known = await importedEvents(deps.db, source.id);
  state.links = await sourceLinks(deps.db, source.id);
  const seen = new Set<string>();
  const valid: ValidRecord[] = [];
  const cancelled: ImportedEventRow[] = [];
  for (const record of records) {
    if (record.externalId !== null) {
      if (seen.has(record.externalId)) {
        reject(state, record.externalId, 'duplicateId');
        continue;
      }
      seen.add(record.externalId);
    }
    if (record.rejection !== undefined) {
      reject(state, record.externalId, record.rejection);
      // Cancelled at the source: its event leaves the map now.
      const known = record.externalId === null ? undefined : state.known.get(record.externalId);
      if (record.rejection === CANCELLED && known?.active && !known.deleted) cancelled.push(known);
    } else {
      const { externalId, imageUrl } = record;
      const event = inLanguage(record.event, source.language);
      valid.push({ externalId, event, hash: hashOf(event), imageUrl });
    }
  }
  await geocodeMissing(deps, state, valid);
  await fetchImages(deps, state, valid);
  state.mayBeDuplicate = await duplicateFilter(deps.db, state, valid);
  try {
    for (let i = 0; i < valid.length; i += IMPORT_BATCH) {
      await deps.db.transaction(async (tx) => {
        const marks: Marks = [];
        for (const record of valid.slice(i, i + IMPORT_BATCH)) await writeRecord(tx, state, record, marks);
        await indexSavedEvents(
          tx,
          marks.flatMap((mark) => (mark.created ? [{ id: mark.id, uuid: mark.created.uuid }] : [])),
        );
        await markImported(tx, source.id, marks);
      });
    }
    await deps.db.transaction(async (tx) => {
      for (const event of cancelled) {
        await deactivate(tx, event);
        // As if gone: back on the map if the source publishes it again.
        await setMissedRuns(tx, event.id, MISSED_RUNS_LIMIT);
      }
    });
    state.counts.removed += cancelled.length;
    await countMissing(deps.db, state, seen);
  } catch (error) {
    // The batches written stay; the run says where it stopped (the next run takes it from there).
    const message = `stopped after ${state.counts.created + state.counts.updated} writes: ${(error as Error).message}`;
    return finishRun(deps.db, run.id, { counts: state.counts, error: message, rejections: state.rejections });
  }
  return finishRun(deps.db, run.id, { counts: state.counts, error: null, rejections: state.rejections });
}

/** The scheduler's work: every due source, each claimed by one instance (SKIP LOCKED). */
export async function runDueSources(deps: ImportDeps, now = new Date()): Promise<{ runs: number; failed: number }> {
  const report = { runs: 0, failed: 0 };
  for (let source = await claimDueSource(deps.db, now); source; source = await claimDueSource(deps.db, now)) {
    // A source already running (its "run now", another instance's late run) waits for its next turn.
    const run = await runSource(deps, source, now).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 409) return undefined;
      throw error;
    });
    if (!run) continue;
    report.runs++;
    if (run.status === 'failed') report.failed++;
  }
  return report;
}
