/**
 * `/profile/admin/users`: every account (deleted ones included) in tabs all / viewer / event-manager, with
 * a search, server sorting and pages of 100 (spec section 2). The tab, search, page and sort live in the URL.
 */
import { ADMIN_USER_TYPE_FILTERS, ADMIN_USERS_TABLE_QUERY } from '@evmap/contract/table-query';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { ListPage } from '@/components/data-table/list-page';
import { useFormatNumber } from '@/components/data-table/use-format-number';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { type AdminUserSortField, useAdminUsers } from '../api/admin-users-list';
import { useAdminUserColumns } from './admin-users-columns';

/** The create page of the admin area. */
export const ADMIN_USER_CREATE_PATH = `${PATHS.adminUsers}/create`;

/** The admin users table; see the module comment. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const table = useTableUrlState<typeof ADMIN_USERS_TABLE_QUERY, AdminUserSortField>(ADMIN_USERS_TABLE_QUERY);
  const { search = '', type, page, sortField, sortDirection } = table.query;
  const query = useAdminUsers({ search, type, page, sortField, sortDirection });
  const columns = useAdminUserColumns();
  const pagination = query.data?.pagination;

  return (
    <ListPage
      title={t('pages.adminUsers')}
      tabs={{
        label: t('adminUsers.tabsLabel'),
        value: type,
        items: ADMIN_USER_TYPE_FILTERS.map((filter) => ({ value: filter, label: t(`adminUsers.tabs.${filter}`) })),
        onChange: (value) => table.setFilter('type', value),
      }}
      toolbar={{
        searchLabel: t('adminUsers.search'),
        searchPlaceholder: t('adminUsers.searchPlaceholder'),
        search: table.searchInput,
        onSearch: table.setSearchInput,
        total:
          pagination &&
          t('adminUsers.total', { count: pagination.totalCount, total: formatNumber(pagination.totalCount) }),
        action: (
          <Button component={Link} to={ADMIN_USER_CREATE_PATH}>
            {t('adminUsers.create')}
          </Button>
        ),
      }}
      failed={
        query.isError
          ? { message: t('adminUsers.loadFailed'), onRetry: () => void query.refetch(), retrying: query.isFetching }
          : undefined
      }
    >
      <DataTable
        caption={t(`adminUsers.captions.${type}`)}
        columns={columns}
        rows={query.data?.users ?? (query.isError ? [] : undefined)}
        rowKey={(user) => user.id}
        sort={table.sort}
        onSort={table.toggleSort}
        busy={query.isPlaceholderData}
        emptyText={search ? t('adminUsers.emptySearch') : t('adminUsers.empty')}
        highlighted={(user) => user.deletedAt !== null}
        cardsBelow="62em"
        pagination={
          pagination && {
            label: t('adminUsers.pages'),
            page,
            totalPages: pagination.totalPages,
            onChange: table.setPage,
          }
        }
      />
    </ListPage>
  );
}
