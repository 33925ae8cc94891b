/** Queries of the admin user list and the plan history. */
import type { ADMIN_USER_SORT_FIELDS } from '@evmap/contract/admin-users';
import { and, count, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { escapeLike } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';

export type AdminUserSortField = (typeof ADMIN_USER_SORT_FIELDS)[number];

export type UserListFilter = {
  /** Already folded (lower case, no accents). */
  search?: string;
  type: 'all' | 'viewer' | 'event-manager';
  /** Leave out administrators and deleted users (the event form's creator choices). */
  creatorsOnly?: boolean;
  page: number;
  limit: number;
  sortField: AdminUserSortField;
  sortDirection: 'asc' | 'desc';
};

const SORT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  type: users.type,
  planType: users.planType,
  createdAt: users.createdAt,
} satisfies Record<AdminUserSortField, unknown>;

/** `column dir NULLS LAST, id dir`: empty values last either way, ties broken by id so pages never overlap. */
function ordering(filter: UserListFilter): SQL[] {
  const dir = sql.raw(filter.sortDirection === 'asc' ? 'ASC' : 'DESC');
  const byId = sql`${users.id} ${dir}`;
  if (filter.sortField === 'id') return [byId];
  return [sql`${SORT_COLUMNS[filter.sortField]} ${dir} NULLS LAST`, byId];
}

/** One page of users in the requested order, deleted ones and admins included unless creatorsOnly, and the count. */
export async function listUsers(
  db: Executor,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; totalCount: number }> {
  const conditions: SQL[] = [];
  if (filter.type !== 'all') conditions.push(eq(users.type, filter.type));
  if (filter.creatorsOnly) conditions.push(eq(users.isAdmin, false), isNull(users.deletedAt));
  if (filter.search) conditions.push(ilike(users.searchText, `%${escapeLike(filter.search)}%`));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...ordering(filter))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, totalCount: totals[0]?.total ?? 0 };
}
