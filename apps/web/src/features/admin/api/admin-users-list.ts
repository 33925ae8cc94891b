/**
 * `GET /connected/admin/users?search&type&page&limit&sortField&sortDirection`: one page of the users
 * (deleted ones included), searched, filtered by type and sorted by the server.
 */
import { ADMIN_USERS } from '@evmap/contract/constants';
import { adminRoutes } from '@evmap/contract/routes/admin';
import type { ADMIN_USER_SORT_FIELDS, ADMIN_USER_TYPE_FILTERS } from '@evmap/contract/table-query';
import type { User } from '@evmap/contract/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { adminKeys } from '@/lib/query-keys';

/** A column the admin users table sorts by. */
export type AdminUserSortField = (typeof ADMIN_USER_SORT_FIELDS)[number];
/** A tab of the users table. */
export type AdminUserTypeFilter = (typeof ADMIN_USER_TYPE_FILTERS)[number];

/** Rows a page of the users table shows: the API's most, like the events table's 100. */
export const ADMIN_USERS_SCREEN_LIMIT = ADMIN_USERS.maxLimit;

/** What the table asks for. */
export type AdminUsersParams = {
  search: string;
  type: AdminUserTypeFilter;
  page: number;
  sortField: AdminUserSortField;
  sortDirection: 'asc' | 'desc';
};

/**
 * A user of the list. `createdAt` is shown when the API sends it: the contract's user has no such field yet,
 * though the list sorts by it.
 */
export type AdminUserRow = User & { createdAt?: string | null };

/** Query options for one page; under `adminKeys.users()`, so the user forms' invalidations reach it. */
export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: [...adminKeys.users(), 'list', params] as const,
    // The signal cancels a request that a newer search, tab, page or sort made useless.
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(adminRoutes.users, {
        query: { ...params, search: params.search || undefined, limit: ADMIN_USERS_SCREEN_LIMIT },
        signal,
      });
      return { ...answer, users: answer.users as AdminUserRow[] };
    },
  });

/** One page of the admin users; the previous page stays shown while the next one loads. */
export function useAdminUsers(params: AdminUsersParams) {
  return useQuery({ ...adminUsersQueryOptions(params), placeholderData: keepPreviousData });
}
