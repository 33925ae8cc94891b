/** Queries of the admin event list (deleted events included): one page and the count, or a search's ordered ids. */
import type { ADMIN_EVENT_SORT_FIELDS } from '@evmap/contract/events';
import { type SQL, sql } from 'drizzle-orm';
import { eventsVersionSql } from '../../db/app-meta';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../lib/text';
import { type EventRecord, findEventsByIds, selectEvents } from './events.repository';

export type AdminEventSortField = (typeof ADMIN_EVENT_SORT_FIELDS)[number];

export type AdminEventFilter = {
  /** Already folded (lower case, no accents); empty for all events. */
  search: string;
  page: number;
  limit: number;
  sortField: AdminEventSortField;
  sortDirection: 'asc' | 'desc';
};

const SORT_COLUMNS: Record<AdminEventSortField, string> = {
  id: 'id',
  titleFr: 'title_fr',
  city: 'city',
  state: 'state',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  signaledCount: 'signaled_count',
  viewCount: 'view_count',
  active: 'active',
  lastEndsAt: 'last_ends_at',
};

/** `alias.column dir, alias.id dir`: ties broken by id, so pages never overlap or skip. */
function ordering(alias: string, filter: Pick<AdminEventFilter, 'sortField' | 'sortDirection'>): SQL {
  const dir = filter.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMNS[filter.sortField];
  return sql.raw(column === 'id' ? `${alias}.id ${dir}` : `${alias}.${column} ${dir}, ${alias}.id ${dir}`);
}

const offset = (filter: AdminEventFilter) => (filter.page - 1) * filter.limit;

/** The ids of one page of the whole list, in order: a walk of the sort column's index when it has one. */
export function adminPageIdsSql(filter: AdminEventFilter): SQL {
  return sql`SELECT x.id FROM events x ORDER BY ${ordering('x', filter)} LIMIT ${filter.limit} OFFSET ${offset(filter)}`;
}

/**
 * Every match of a search, in order, with the events version of the same snapshot (what the ids are cached
 * under). Read once per search and sort, the count and every page come from it. search_text holds the folded
 * titles, city, address and creator email (trigram index), and the search is folded too, so LIKE matches what
 * ILIKE would without lower-casing every row. Exported for EXPLAIN in the benchmark.
 */
export function adminSearchIdsSql(filter: Pick<AdminEventFilter, 'search' | 'sortField' | 'sortDirection'>): SQL {
  return sql`
    SELECT ${eventsVersionSql} AS version,
      array_to_string(ARRAY(SELECT x.id FROM events x WHERE x.search_text LIKE ${`%${escapeLike(filter.search)}%`}
        ORDER BY ${ordering('x', filter)}), ',') AS ids`;
}

/** Runs adminSearchIdsSql: the ordered ids of every match, and the events version they were read under. */
export async function searchIdsInOrder(
  db: Executor,
  filter: Pick<AdminEventFilter, 'search' | 'sortField' | 'sortDirection'>,
): Promise<{ version: string; ids: Int32Array }> {
  const row = (await db.execute<{ version: string | null; ids: string }>(adminSearchIdsSql(filter))).rows[0];
  const ids = row?.ids ? row.ids.split(',').map(Number) : [];
  return { version: row?.version ?? '0', ids: Int32Array.from(ids) };
}

/** The events of `ids`, in that order (an id without a row is left out). */
export async function eventsInOrder(db: Executor, ids: ArrayLike<number>): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  const rows = await findEventsByIds(db, Array.from(ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return Array.from(ids).flatMap((id) => byId.get(id) ?? []);
}

/** One page of the whole list (no search) in the requested order. */
export async function pageOfEvents(db: Executor, filter: AdminEventFilter): Promise<EventRecord[]> {
  return selectEvents(db, sql`e.id IN (${adminPageIdsSql(filter)})`, ordering('e', filter));
}

/** The number of events, deleted ones included, with the events version of the same snapshot. */
export async function countEvents(db: Executor): Promise<{ version: string; total: number }> {
  const row = (
    await db.execute<{ version: string | null; total: number }>(sql`
      SELECT ${eventsVersionSql} AS version, count(*)::int AS total
      FROM events`)
  ).rows[0];
  return { version: row?.version ?? '0', total: row?.total ?? 0 };
}
