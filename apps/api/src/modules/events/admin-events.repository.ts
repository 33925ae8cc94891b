/** Queries of the admin event list: one page and the count of all matches, deleted events included. */
import type { ADMIN_EVENT_SORT_FIELDS } from '@evmap/contract/events';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../lib/text';
import { type EventRecord, selectEvents } from './events.repository';

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
function ordering(alias: string, filter: AdminEventFilter): SQL {
  const dir = filter.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMNS[filter.sortField];
  return sql.raw(column === 'id' ? `${alias}.id ${dir}` : `${alias}.${column} ${dir}, ${alias}.id ${dir}`);
}

/** One page of events in the requested order, and the count of every match (two queries). */
export async function listEventsForAdmin(
  db: Executor,
  filter: AdminEventFilter,
): Promise<{ rows: EventRecord[]; totalCount: number }> {
  // search_text holds the folded titles, city, address and creator email (trigram index).
  const matches = filter.search ? sql`x.search_text ILIKE ${`%${escapeLike(filter.search)}%`}` : sql`TRUE`;
  const pageIds = sql`e.id IN (
    SELECT x.id FROM events x WHERE ${matches}
    ORDER BY ${ordering('x', filter)} LIMIT ${filter.limit} OFFSET ${(filter.page - 1) * filter.limit})`;
  const [rows, totals] = await Promise.all([
    selectEvents(db, pageIds, ordering('e', filter)),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM events x WHERE ${matches}`),
  ]);
  return { rows, totalCount: totals.rows[0]?.total ?? 0 };
}
