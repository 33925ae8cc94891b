/**
 * `/profile/admin/users`: every account (deleted ones included) in tabs all / viewer / event-manager, with
 * a search, server sorting and pages of 100 (spec section 2). The tab, search, page and sort live in the URL.
 */
import { ADMIN_USER_TYPE_FILTERS, adminUsersQuerySchema } from '@evmap/contract/admin-users';
import { Alert, Button, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { PaginationNav } from '@/components/data-table/pagination-nav';
import { TableToolbar } from '@/components/data-table/table-toolbar';
import { useFormatNumber } from '@/components/data-table/use-format-number';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { PageHeading } from '@/components/page-heading';
import { PATHS } from '@/lib/paths';
import { type AdminUserSortField, type AdminUserTypeFilter, useAdminUsers } from '../api/admin-users-list';
import { useAdminUserColumns } from './admin-users-columns';

/** The create page of the admin area. */
export const ADMIN_USER_CREATE_PATH = `${PATHS.adminUsers}/create`;

/** The admin users table; see the module comment. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const table = useTableUrlState<typeof adminUsersQuerySchema, AdminUserSortField>(adminUsersQuerySchema);
  const { search = '', type, page, sortField, sortDirection } = table.query;
  const query = useAdminUsers({ search, type, page, sortField, sortDirection });
  const columns = useAdminUserColumns();
  const pagination = query.data?.pagination;

  const content = (
    <>
      <TableToolbar
        searchLabel={t('adminUsers.search')}
        searchPlaceholder={t('adminUsers.searchPlaceholder')}
        search={table.searchInput}
        onSearch={table.setSearchInput}
        total={
          pagination &&
          t('adminUsers.total', { count: pagination.totalCount, total: formatNumber(pagination.totalCount) })
        }
        action={
          <Button component={Link} to={ADMIN_USER_CREATE_PATH}>
            {t('adminUsers.create')}
          </Button>
        }
      />
      {query.isError && (
        <Alert color="red" mb="sm">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('adminUsers.loadFailed')}</Text>
            <Button variant="default" size="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
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
        minWidth={860}
      />
      {pagination && (
        <PaginationNav
          label={t('adminUsers.pages')}
          page={page}
          totalPages={pagination.totalPages}
          onChange={table.setPage}
        />
      )}
    </>
  );

  return (
    <Stack gap={0}>
      <PageHeading title={t('pages.adminUsers')} />
      <Tabs value={type} onChange={(value) => table.setFilter('type', value ?? undefined)} keepMounted={false}>
        <Tabs.List aria-label={t('adminUsers.tabsLabel')} mb="sm">
          {ADMIN_USER_TYPE_FILTERS.map((filter) => (
            <Tabs.Tab key={filter} value={filter}>
              {t(`adminUsers.tabs.${filter}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ADMIN_USER_TYPE_FILTERS.map((filter: AdminUserTypeFilter) => (
          <Tabs.Panel key={filter} value={filter}>
            {filter === type && content}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
