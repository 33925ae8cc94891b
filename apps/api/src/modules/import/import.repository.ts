/** Queries of the import sources, their runs, their events and the records linked to existing events. */
import type { ImportCounts } from '@evmap/contract/import';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { events } from '../../db/schema/events';
import { importLinks, importRuns, importSources } from '../../db/schema/import-sources';

export type SourceRow = typeof importSources.$inferSelect;
export type RunRow = typeof importRuns.$inferSelect;
export type NewSource = typeof importSources.$inferInsert;

export const SCHEDULE_MS = { hourly: 3_600_000, daily: 86_400_000 } as const;

export async function insertSource(db: Executor, values: NewSource): Promise<SourceRow> {
  const [row] = await db.insert(importSources).values(values).returning();
  return row!;
}

export async function updateSource(db: Executor, id: number, values: Partial<NewSource>): Promise<SourceRow> {
  const [row] = await db
    .update(importSources)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(importSources.id, id))
    .returning();
  return row!;
}

/** A source that is not deleted. */
export async function findSource(db: Executor, id: number): Promise<SourceRow | undefined> {
  const [row] = await db.select().from(importSources).where(eq(importSources.id, id));
  return row && !row.deletedAt ? row : undefined;
}

export type SourceListRow = SourceRow & { ownerEmail: string | null; eventCount: number };

export async function listSources(db: Executor, ids?: number[]): Promise<SourceListRow[]> {
  const rows = await db.execute<SourceListRow>(sql`
    SELECT s.id, s.name, s.kind, s.url, s.schedule, s.language, s.owner_id AS "ownerId", u.email AS "ownerEmail",
      s.default_category_id AS "defaultCategoryId", s.category_mapping AS "categoryMapping", s.licence,
      s.attribution, s.publish_at_once AS "publishAtOnce", s.paused, s.next_run_at AS "nextRunAt",
      s.created_at AS "createdAt", s.updated_at AS "updatedAt", s.deleted_at AS "deletedAt",
      (SELECT count(*) FROM events e WHERE e.import_source_id = s.id AND e.deleted_at IS NULL)::int AS "eventCount"
    FROM import_sources s LEFT JOIN users u ON u.id = s.owner_id
    WHERE s.deleted_at IS NULL ${ids ? sql`AND s.id = ANY(${sql.param(ids)}::int[])` : sql``}
    ORDER BY s.name, s.id`);
  return rows.rows;
}

/** The latest runs of each source (at most `limit` each), latest first. */
export async function latestRuns(db: Executor, sourceId: number, limit: number): Promise<RunRow[]> {
  return db
    .select()
    .from(importRuns)
    .where(eq(importRuns.sourceId, sourceId))
    .orderBy(desc(importRuns.id))
    .limit(limit);
}

/**
 * Claims one due source for this instance (SKIP LOCKED, like the renewal job): its next run moves on by its
 * schedule in the same statement, so another instance looking at the same time takes another source or none.
 */
export async function claimDueSource(db: Executor, now: Date): Promise<SourceRow | undefined> {
  const rows = await db.execute<{ id: number }>(sql`
    UPDATE import_sources s SET next_run_at = ${now.toISOString()}::timestamptz
      + CASE s.schedule WHEN 'hourly' THEN interval '1 hour' ELSE interval '1 day' END
    WHERE s.id = (SELECT id FROM import_sources WHERE NOT paused AND deleted_at IS NULL
        AND next_run_at <= ${now.toISOString()}::timestamptz
      ORDER BY next_run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING s.id`);
  const id = rows.rows[0]?.id;
  return id === undefined ? undefined : findSource(db, id);
}

/** A run still marked running after this long was interrupted (its process stopped): it no longer blocks. */
const STALE_RUN = sql`interval '1 hour'`;

/**
 * Starts a run of the source, unless one is running already (the unique index on running runs decides, whoever
 * starts it): undefined then.
 */
export async function startRun(db: Executor, sourceId: number, now: Date): Promise<RunRow | undefined> {
  await db.execute(sql`
    UPDATE import_runs SET status = 'failed', error = 'interrupted', finished_at = now()
    WHERE source_id = ${sourceId} AND status = 'running' AND started_at < now() - ${STALE_RUN}`);
  const [row] = await db
    .insert(importRuns)
    .values({ sourceId, startedAt: now })
    .onConflictDoNothing({ target: importRuns.sourceId, where: sql`${importRuns.status} = 'running'` })
    .returning();
  return row;
}

export async function finishRun(
  db: Executor,
  id: number,
  outcome: {
    counts: ImportCounts;
    error: string | null;
    rejections: Array<{ externalId: string | null; reason: string }>;
  },
): Promise<RunRow> {
  const [row] = await db
    .update(importRuns)
    .set({
      ...outcome.counts,
      status: outcome.error ? 'failed' : 'succeeded',
      error: outcome.error,
      rejections: outcome.rejections,
      finishedAt: new Date(),
    })
    .where(eq(importRuns.id, id))
    .returning();
  return row!;
}

export type ImportedEventRow = {
  id: number;
  uuid: string;
  externalId: string;
  importHash: string | null;
  importMissedRuns: number;
  adminEditedFields: string[];
  active: boolean;
  deleted: boolean;
};

/** The events a source imported, by external id. */
export async function importedEvents(db: Executor, sourceId: number): Promise<Map<string, ImportedEventRow>> {
  const rows = await db
    .select({
      id: events.id,
      uuid: sql<string>`${events.uuid}::text`,
      externalId: sql<string>`${events.externalId}`,
      importHash: events.importHash,
      importMissedRuns: events.importMissedRuns,
      adminEditedFields: events.adminEditedFields,
      active: events.active,
      deleted: sql<boolean>`${events.deletedAt} IS NOT NULL`,
    })
    .from(events)
    .where(eq(events.importSourceId, sourceId));
  return new Map(rows.map((row) => [row.externalId, row]));
}

/** Marks events as their source's records (one statement for a batch): source, external id, hash, no missed run. */
export async function markImported(
  db: Executor,
  sourceId: number,
  marks: Array<{ id: number; externalId: string; importHash: string }>,
): Promise<void> {
  if (marks.length === 0) return;
  await db.execute(sql`
    UPDATE events e SET import_source_id = ${sourceId}, external_id = m.external_id, import_hash = m.import_hash,
      import_missed_runs = 0
    FROM unnest(${sql.param(marks.map((m) => m.id))}::int[], ${sql.param(marks.map((m) => m.externalId))}::text[],
      ${sql.param(marks.map((m) => m.importHash))}::text[]) AS m(id, external_id, import_hash)
    WHERE e.id = m.id`);
}

/** One more missed run for each of these events (one statement). */
export async function addMissedRun(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE events SET import_missed_runs = import_missed_runs + 1 WHERE id = ANY(${sql.param(ids)}::int[])`);
}

export async function setMissedRuns(db: Executor, id: number, missed: number): Promise<void> {
  await db.update(events).set({ importMissedRuns: missed }).where(eq(events.id, id));
}

export type LinkRow = typeof importLinks.$inferSelect;

export async function sourceLinks(db: Executor, sourceId: number): Promise<Map<string, LinkRow>> {
  const rows = await db.select().from(importLinks).where(eq(importLinks.sourceId, sourceId));
  return new Map(rows.map((row) => [row.externalId, row]));
}

export async function insertLink(db: Executor, values: typeof importLinks.$inferInsert): Promise<void> {
  await db.insert(importLinks).values(values).onConflictDoNothing();
}

export async function setLinkMissedRuns(db: Executor, id: number, missed: number): Promise<void> {
  if (missed >= 2) await db.delete(importLinks).where(eq(importLinks.id, id));
  else await db.update(importLinks).set({ missedRuns: missed }).where(eq(importLinks.id, id));
}

/**
 * An existing event the record describes, if any (issue 25): not deleted, not of this source nor of a paused or
 * deleted one, a date starting
 * within 30 minutes of the record's first, at the same place (within 150 m, or the same address once lower-cased,
 * accents and punctuation dropped), and a similar title (trigram similarity of the accent-free, lower-case titles).
 */
export async function findDuplicate(
  db: Executor,
  record: {
    sourceId: number;
    title: string;
    start: string;
    address: string | null;
    lat: number | null;
    lng: number | null;
    /** Events of this source not marked as its own yet (written earlier in the same batch). */
    exclude?: number[];
  },
): Promise<number | undefined> {
  const normal = (value: unknown) => sql`regexp_replace(lower(public.evmap_unaccent(${value})), '[^a-z0-9]+', '', 'g')`;
  const near =
    record.lat !== null && record.lng !== null
      ? sql`(e.latitude IS NOT NULL AND e.longitude IS NOT NULL AND 12742000 * asin(sqrt(
          power(sin(radians(e.latitude - ${record.lat}) / 2), 2)
          + cos(radians(${record.lat})) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - ${record.lng}) / 2), 2)
        )) <= 150)`
      : sql`false`;
  const sameAddress = record.address
    ? sql`(e.address IS NOT NULL AND ${normal(sql`e.address`)} = ${normal(record.address)} AND ${normal(record.address)} <> '')`
    : sql`false`;
  const title = sql`lower(public.evmap_unaccent(${record.title}))`;
  const rows = await db.execute<{ id: number }>(sql`
    SELECT e.id FROM events e
    WHERE e.deleted_at IS NULL AND e.import_source_id IS DISTINCT FROM ${record.sourceId}
      ${record.exclude?.length ? sql`AND NOT (e.id = ANY(${sql.param(record.exclude)}::int[]))` : sql``}
      AND NOT EXISTS (SELECT 1 FROM import_sources s WHERE s.id = e.import_source_id
        AND (s.paused OR s.deleted_at IS NOT NULL))
      AND EXISTS (SELECT 1 FROM event_dates d WHERE d.event_id = e.id
        AND d.start_date BETWEEN ${record.start}::timestamp - interval '30 minutes'
          AND ${record.start}::timestamp + interval '30 minutes')
      AND (${near} OR ${sameAddress})
      AND similarity(lower(public.evmap_unaccent(e.title_fr)), ${title}) >= ${DUPLICATE_SIMILARITY}
    ORDER BY similarity(lower(public.evmap_unaccent(e.title_fr)), ${title}) DESC, e.id LIMIT 1`);
  return rows.rows[0]?.id;
}

/** The start (ms, wall-clock as UTC), the point and the normalised address of an event date another run may match. */
export type DuplicateCandidate = { start: number; lat: number | null; lng: number | null; address: string | null };

/** The database's normal form of an address (findDuplicate's): lower-case, no accents, letters and digits only. */
const NORMAL_ADDRESS = (value: unknown) =>
  sql`regexp_replace(lower(public.evmap_unaccent(${value})), '[^a-z0-9]+', '', 'g')`;

/** Addresses in findDuplicate's normal form, by address (one statement for a run's addresses). */
export async function normalAddresses(db: Executor, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const rows = await db.execute<{ address: string; normal: string }>(sql`
    SELECT a AS address, ${NORMAL_ADDRESS(sql`a`)} AS normal FROM unnest(${sql.param(addresses)}::text[]) AS a`);
  return new Map(rows.rows.map((r) => [r.address, r.normal]));
}

/**
 * The dates (with their event's place) that findDuplicate could match for records starting between `from` and `to`
 * (wall-clock): loaded once a run, so that a record with nothing near it in time and place skips the query.
 */
export async function duplicateCandidates(
  db: Executor,
  sourceId: number,
  from: string,
  to: string,
): Promise<DuplicateCandidate[]> {
  const rows = await db.execute<{ start: string; lat: number | null; lng: number | null; address: string | null }>(sql`
    SELECT to_char(d.start_date, 'YYYY-MM-DD HH24:MI:SS') AS start, e.latitude AS lat, e.longitude AS lng,
      CASE WHEN e.address IS NULL THEN NULL ELSE ${NORMAL_ADDRESS(sql`e.address`)} END AS address
    FROM event_dates d JOIN events e ON e.id = d.event_id
    WHERE d.start_date BETWEEN ${from}::timestamp - interval '30 minutes' AND ${to}::timestamp + interval '30 minutes'
      AND e.deleted_at IS NULL AND e.import_source_id IS DISTINCT FROM ${sourceId}
      AND NOT EXISTS (SELECT 1 FROM import_sources s WHERE s.id = e.import_source_id
        AND (s.paused OR s.deleted_at IS NOT NULL))`);
  return rows.rows.map((r) => ({
    start: Date.parse(`${r.start.replace(' ', 'T')}Z`),
    lat: r.lat === null ? null : Number(r.lat),
    lng: r.lng === null ? null : Number(r.lng),
    address: r.address || null,
  }));
}

/** Titles at least this similar (pg_trgm) are the same event, with the same place and time. */
export const DUPLICATE_SIMILARITY = 0.45;

/** The source's events that are on the map (active, not deleted): a paused or deleted source takes them off. */
export async function activeSourceEvents(db: Executor, sourceId: number): Promise<Array<{ id: number; uuid: string }>> {
  return db
    .select({ id: events.id, uuid: sql<string>`${events.uuid}::text` })
    .from(events)
    .where(and(eq(events.importSourceId, sourceId), eq(events.active, true), sql`${events.deletedAt} IS NULL`));
}

/** The source's events taken off the map by a pause (not missing from their feed, not switched off by an admin). */
export async function pausedSourceEvents(db: Executor, sourceId: number): Promise<Array<{ id: number; uuid: string }>> {
  return db
    .select({ id: events.id, uuid: sql<string>`${events.uuid}::text` })
    .from(events)
    .where(
      and(
        eq(events.importSourceId, sourceId),
        eq(events.active, false),
        sql`${events.deletedAt} IS NULL AND ${events.importMissedRuns} < 2
          AND NOT ('active' = ANY(${events.adminEditedFields}))`,
      ),
    );
}

/** The record's event body and hash kept on its link (a new or changed record), for a split to create it. */
export async function setLinkRecord(
  db: Executor,
  id: number,
  record: { eventBody: LinkRow['eventBody']; importHash: string },
): Promise<void> {
  await db.update(importLinks).set(record).where(eq(importLinks.id, id));
}

export type LinkListRow = {
  id: number;
  sourceId: number;
  sourceName: string;
  externalId: string;
  title: string;
  createdAt: Date | string;
  splittable: boolean;
  eventId: number;
  eventUuid: string;
  eventHandle: string;
  eventTitleFr: string;
  eventTitleEn: string;
};

/**
 * The records linked to an existing event (issue 25's moderation view), newest first: the links of sources that
 * are not deleted, to events that are not deleted.
 */
export async function listLinks(db: Executor, id?: number): Promise<LinkListRow[]> {
  const rows = await db.execute<LinkListRow>(sql`
    SELECT l.id, l.source_id AS "sourceId", s.name AS "sourceName", l.external_id AS "externalId", l.title,
      l.created_at AS "createdAt", (l.event_body IS NOT NULL) AS splittable, e.id AS "eventId",
      e.uuid::text AS "eventUuid", e.handle AS "eventHandle", e.title_fr AS "eventTitleFr",
      e.title_en AS "eventTitleEn"
    FROM import_links l
      JOIN import_sources s ON s.id = l.source_id AND s.deleted_at IS NULL
      JOIN events e ON e.id = l.event_id AND e.deleted_at IS NULL
    ${id === undefined ? sql`` : sql`WHERE l.id = ${id}`}
    ORDER BY l.created_at DESC, l.id DESC`);
  return rows.rows;
}

/** One link with its record (locked for the split). */
export async function lockLink(db: Executor, id: number): Promise<LinkRow | undefined> {
  const [row] = await db.select().from(importLinks).where(eq(importLinks.id, id)).for('update');
  return row;
}

export async function deleteLink(db: Executor, id: number): Promise<void> {
  await db.delete(importLinks).where(eq(importLinks.id, id));
}
