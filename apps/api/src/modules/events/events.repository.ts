/** Queries on events, their dates and images. Reads load everything an event shows in one query. */
import { randomBytes } from 'node:crypto';
import { LIVE_CHANGE_DAYS_MAX, type LiveChange } from '@evmap/contract/markers';
import { isUuid } from '@evmap/contract/uuid';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventImages } from '../../db/schema/event-images';
import { events } from '../../db/schema/events';
import { markLocalEventWrite } from '../../lib/local-event-writes';

/** An event as stored, with its images, dates, creator email and computed state. */
export type EventRecord = {
  id: number;
  uuid: string;
  handle: string;
  active: boolean;
  titleFr: string;
  titleEn: string | null;
  descriptionFr: string | null;
  descriptionEn: string | null;
  categoryId: number | null;
  address: string | null;
  city: string | null;
  zipcode: string | null;
  state: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  price: string | null;
  phoneNumber: string | null;
  website: string | null;
  externalLink: string | null;
  recurring: string | null;
  creatorId: number | null;
  creatorEmail: string | null;
  signaledCount: number;
  viewCount: number;
  timeZone: string;
  deletedAt: string | null;
  externalSource: string | null;
  externalId: string | null;
  /** The import source (issue 25), the fields an administrator edited, and the source's credit. */
  importSourceId: number | null;
  adminEditedFields: string[];
  source: {
    name: string;
    licence: string | null;
    attribution: string | null;
    url: string;
    /** The language the source writes in ('fr' or 'en'). */
    language: string;
  } | null;
  /** Accessibility: the mask (contract accessibility.ts) and the notes. */
  access: number;
  accessNoteFr: string | null;
  accessNoteEn: string | null;
  createdAt: string;
  updatedAt: string;
  images: Array<{ imagePath: string; orderIdx: number; formats: number[] }>;
  dates: Array<{ startDate: string; endDate: string | null }>;
  /** The latest end has passed in the event's zone, or there are no dates. */
  isPast: boolean;
  /** One of the dates has started and not ended, in the event's zone. */
  inProgress: boolean;
};

const EVENT_COLUMNS = sql`
  e.id, e.uuid::text AS "uuid", e.handle, e.active, e.title_fr AS "titleFr", e.title_en AS "titleEn",
    e.description_fr AS "descriptionFr", e.description_en AS "descriptionEn", e.category_id AS "categoryId",
    e.address, e.city, e.zipcode, e.state, e.country, e.latitude, e.longitude, e.price,
    e.phone_number AS "phoneNumber", e.website, e.external_link AS "externalLink", e.recurring,
    e.creator_id AS "creatorId", u.email AS "creatorEmail", e.signaled_count AS "signaledCount",
    e.view_count AS "viewCount", e.time_zone AS "timeZone",
    to_char(e.deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedAt",
    e.external_source AS "externalSource", e.external_id AS "externalId",
    e.import_source_id AS "importSourceId", e.admin_edited_fields AS "adminEditedFields",
    (SELECT json_build_object('name', s.name, 'licence', s.licence, 'attribution', s.attribution, 'url', s.url,
        'language', s.language)
      FROM import_sources s WHERE s.id = e.import_source_id) AS "source",
    e.access, e.access_note_fr AS "accessNoteFr", e.access_note_en AS "accessNoteEn",
    to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
    COALESCE((SELECT json_agg(json_build_object('imagePath', i.image_path, 'orderIdx', i.order_idx,
        'formats', i.formats) ORDER BY i.order_idx, i.id) FROM event_images i WHERE i.event_id = e.id), '[]') AS images,
    COALESCE((SELECT json_agg(json_build_object(
        'startDate', to_char(d.start_date, 'YYYY-MM-DD HH24:MI:SS'),
        'endDate', to_char(d.end_date, 'YYYY-MM-DD HH24:MI:SS')) ORDER BY d.start_date, d.id)
      FROM event_dates d WHERE d.event_id = e.id), '[]') AS dates,
    (e.last_ends_at IS NULL OR e.last_ends_at < (now() AT TIME ZONE e.time_zone)) AS "isPast",
    EXISTS (SELECT 1 FROM event_dates d WHERE d.event_id = e.id
      AND d.start_date <= (now() AT TIME ZONE e.time_zone)
      AND COALESCE(d.end_date, d.start_date) >= (now() AT TIME ZONE e.time_zone)) AS "inProgress"`;

/** The events `where` says, as EventRecord, with the `extra` columns (`, expr AS "name"`) some readers need too. */
export async function selectEvents<R extends EventRecord = EventRecord>(
  db: Executor,
  where: SQL,
  orderBy: SQL = sql`e.id`,
  extra: SQL = sql``,
): Promise<R[]> {
  const result = await db.execute<R>(
    sql`SELECT ${EVENT_COLUMNS}${extra} FROM events e LEFT JOIN users u ON u.id = e.creator_id
      WHERE ${where} ORDER BY ${orderBy}`,
  );
  return result.rows as R[];
}

export async function findEventById(db: Executor, id: number): Promise<EventRecord | undefined> {
  return (await selectEvents(db, sql`e.id = ${id}`))[0];
}

export async function findEventByUuid(db: Executor, uuid: string): Promise<EventRecord | undefined> {
  if (!isUuid(uuid)) return undefined;
  return (await selectEvents(db, sql`e.uuid = ${uuid}::uuid`))[0];
}

export async function findEventByHandleOrUuid(db: Executor, value: string): Promise<EventRecord | undefined> {
  return (await findEventByUuid(db, value)) ?? (await selectEvents(db, sql`e.handle = ${value}`))[0];
}

export async function findEventsByIds(db: Executor, ids: number[]): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  return selectEvents(db, sql`e.id = ANY(${sql.param(ids)}::int[])`);
}

/**
 * The events of `ids` (as findEventsByIds), each with the instant of its latest end in its zone (epoch milliseconds,
 * null without dates): when a not-past event's `isPast` becomes true, read in the same statement.
 */
export function findEventsWithLastEnd(
  db: Executor,
  ids: number[],
): Promise<Array<EventRecord & { lastEndsAtMs: number | null }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectEvents(
    db,
    sql`e.id = ANY(${sql.param(ids)}::int[])`,
    sql`e.id`,
    sql`, (extract(epoch FROM (e.last_ends_at AT TIME ZONE e.time_zone)) * 1000)::float8 AS "lastEndsAtMs"`,
  );
}

/** The owner's events, not deleted, soonest first (events without dates last). */
export async function findEventsOfCreator(db: Executor, creatorId: number): Promise<EventRecord[]> {
  return selectEvents(
    db,
    sql`e.creator_id = ${creatorId} AND e.deleted_at IS NULL`,
    sql`(SELECT min(d.start_date) FROM event_dates d WHERE d.event_id = e.id) NULLS LAST, e.id`,
  );
}

/** A handle derived from `base` that no other event uses: base, base-2, base-3… */
export async function uniqueHandle(db: Executor, base: string): Promise<string> {
  const result = await db.execute<{ handle: string }>(
    sql`SELECT handle FROM events WHERE handle = ${base} OR handle LIKE ${`${base}-%`}`,
  );
  const taken = new Set(result.rows.map((r) => r.handle));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export type EventColumns = Omit<typeof events.$inferInsert, 'id' | 'uuid' | 'handle'>;

/**
 * Inserts an event under the first free handle derived from `base`. The insert skips a taken handle (ON CONFLICT
 * DO NOTHING) and answers no row then: an event created at the same moment with the same title took it after we
 * looked (the insert waited for its commit), so the next free one is tried, never a 409.
 */
export async function insertEvent(
  db: Executor,
  base: string,
  columns: EventColumns,
): Promise<{ id: number; uuid: string }> {
  for (let attempt = 0; ; attempt++) {
    // After many lost races in a row, a random suffix ends the contest.
    const handle = attempt < 20 ? await uniqueHandle(db, base) : `${base}-${randomBytes(4).toString('hex')}`;
    const [row] = await db
      .insert(events)
      .values({ ...columns, handle })
      .onConflictDoNothing({ target: events.handle })
      .returning({ id: events.id, uuid: events.uuid });
    if (row) return row;
  }
}

export async function updateEventColumns(
  db: Executor,
  id: number,
  columns: Partial<EventColumns>,
): Promise<{ id: number; uuid: string }> {
  const [row] = await db.update(events).set(columns).where(eq(events.id, id)).returning({
    id: events.id,
    uuid: events.uuid,
  });
  return row!;
}

/** Marks the event deleted and removes its images' rows; answers the paths they showed. */
export async function markEventDeleted(db: Executor, id: number, now: Date): Promise<string[]> {
  await db.update(events).set({ deletedAt: now, updatedAt: now }).where(eq(events.id, id));
  const images = await db
    .delete(eventImages)
    .where(eq(eventImages.eventId, id))
    .returning({ path: eventImages.imagePath });
  return images.map((i) => i.path);
}

export async function replaceDates(
  db: Executor,
  eventId: number,
  dates: Array<{ startDate: string; endDate?: string | null }>,
): Promise<void> {
  await db.execute(sql`DELETE FROM event_dates WHERE event_id = ${eventId}`);
  if (dates.length === 0) return;
  const rows = dates.map((d) => sql`(${eventId}, ${d.startDate}::timestamp, ${d.endDate ?? null}::timestamp)`);
  await db.execute(sql`INSERT INTO event_dates (event_id, start_date, end_date) VALUES ${sql.join(rows, sql`, `)}`);
}

export async function replaceImages(
  db: Executor,
  eventId: number,
  images: Array<{ imagePath: string; orderIdx: number; formats: number[] }>,
): Promise<void> {
  await db.execute(sql`DELETE FROM event_images WHERE event_id = ${eventId}`);
  if (images.length === 0) return;
  const rows = images.map(
    (i) =>
      sql`(${eventId}, ${i.imagePath}, ${i.orderIdx}, ${sql.raw(`ARRAY[${i.formats.map(Number).join(',')}]`)}::int[])`,
  );
  await db.execute(
    sql`INSERT INTO event_images (event_id, image_path, order_idx, formats) VALUES ${sql.join(rows, sql`, `)}`,
  );
}

/**
 * Marks that events changed: raises the version the search cache checks (same transaction as the write), records
 * what the change covers (the event's days and place before, written by refreshEventDays, and after) so that each
 * instance drops only the cached answers it touches, and notifies every instance's live-update stream after commit.
 */
export async function eventsChanged(db: Executor, change: Omit<LiveChange, 'place'>): Promise<void> {
  await eventsChangedMany(db, [change]);
}

/**
 * eventsChanged for many events of one transaction at once: one version for all of them (the caches count the
 * versions between two reads, so one version covering several changes is read as it is), one row each in
 * event_changes, and each one's notification.
 */
export async function eventsChangedMany(db: Executor, changes: Array<Omit<LiveChange, 'place'>>): Promise<void> {
  if (changes.length === 0) return;
  // This process's marker cache reads the version for a while: the writer reads its own write (local-event-writes).
  markLocalEventWrite();
  const ids = sql`${sql.param(changes.map((change) => change.id))}::int[]`;
  const recorded = await db.execute<{ id: number; days: string[]; lat: number | null; lng: number | null }>(sql`
    WITH raised AS (
      INSERT INTO app_meta (key, value) VALUES ('events_version', '1')
      ON CONFLICT (key) DO UPDATE SET value = (app_meta.value::bigint + 1)::text, updated_at = now()
      RETURNING value::bigint AS version
    ), before AS (
      UPDATE event_changes SET version = (SELECT version FROM raised)
      WHERE version IS NULL AND event_id = ANY(${ids})
      RETURNING id
    )
    INSERT INTO event_changes (version, event_id, days, latitude, longitude)
    SELECT (SELECT version FROM raised), c.id,
      COALESCE(array_agg(to_char(d.day, 'YYYY-MM-DD') ORDER BY d.day) FILTER (WHERE d.day IS NOT NULL), '{}'),
      max(d.latitude), max(d.longitude)
    FROM unnest(${ids}) AS c(id) LEFT JOIN event_days d ON d.event_id = c.id
    GROUP BY c.id
    RETURNING event_id AS id, days, latitude::float8 AS lat, longitude::float8 AS lng`);
  // Now and then, forget what no instance needs any more (one further behind empties its caches).
  if (Math.random() < 0.01) {
    await db.execute(sql`DELETE FROM event_changes WHERE created_at < now() - interval '10 minutes'`);
  }
  // Where each event now is (its days on the map and its point), so that maps refresh only the answers it touches;
  // the days are left out past LIVE_CHANGE_DAYS_MAX (a notification carries at most 8,000 bytes).
  const after = new Map(recorded.rows.map((row) => [row.id, row]));
  const messages = changes.map((change) => {
    const row = after.get(change.id);
    const place: LiveChange['place'] =
      row && row.days.length > 0 && row.lat !== null && row.lng !== null
        ? { days: row.days.length <= LIVE_CHANGE_DAYS_MAX ? row.days : null, lat: row.lat, lng: row.lng }
        : null;
    return JSON.stringify({ ...change, place } satisfies LiveChange);
  });
  await db.execute(sql`SELECT pg_notify('events_changed', m) FROM unnest(${sql.param(messages)}::text[]) AS m`);
}

/** Locks and answers the user's live events whose first date starts after `instant` (in each event's zone). */
export async function lockEventsStartingAfter(
  tx: Executor,
  userId: number,
  instant: Date,
): Promise<{ id: number; uuid: string }[]> {
  const result = await tx.execute<{ id: number; uuid: string }>(sql`
    SELECT e.id, e.uuid::text AS uuid FROM events e
    WHERE e.creator_id = ${userId} AND e.deleted_at IS NULL
      AND (SELECT min(d.start_date) FROM event_dates d WHERE d.event_id = e.id)
        > (${instant.toISOString()}::timestamptz AT TIME ZONE e.time_zone)
    ORDER BY e.id
    FOR UPDATE OF e`);
  return result.rows;
}

/** Adds `fields` to the fields an administrator edited on an imported event. */
export async function addAdminEditedFields(db: Executor, id: number, fields: string[]): Promise<void> {
  await db.execute(sql`
    UPDATE events SET admin_edited_fields = ARRAY(
      SELECT DISTINCT unnest(admin_edited_fields || ${sql.param(fields)}::text[]) ORDER BY 1)
    WHERE id = ${id}`);
}
