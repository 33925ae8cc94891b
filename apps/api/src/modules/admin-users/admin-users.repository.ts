/** Queries of the admin user list and the plan history. */
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { escapeLike } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';

export type UserListFilter = {
  /** Already folded (lower case, no accents). */
  search?: string;
  type: 'all' | 'viewer' | 'event-manager';
  page: number;
  limit: number;
};

/** `%`, `_` and `\` match themselves. */

/** One page of users, newest first, deleted ones included, with the count of all matches. */
export async function listUsers(
  db: Executor,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; totalCount: number }> {
  const conditions: SQL[] = [];
  if (filter.type !== 'all') conditions.push(eq(users.type, filter.type));
  if (filter.search) conditions.push(ilike(users.searchText, `%${escapeLike(filter.search)}%`));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, totalCount: totals[0]?.total ?? 0 };
}
