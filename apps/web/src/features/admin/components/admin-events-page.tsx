/**
 * `/profile/admin/events`: every event (deleted ones included) in a table searched, sorted and paged by
 * the server, 100 rows a page (spec sections 2 and 9). The search, page and sort live in the URL.
 */
import { adminEventsQuerySchema } from '@evmap/contract/events';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { PaginationNav } from '@/components/data-table/pagination-nav';
import { TableToolbar } from '@/components/data-table/table-toolbar';
import { useFormatNumber } from '@/components/data-table/use-format-number';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { PageHeading } from '@/components/page-heading';
import { PATHS } from '@/lib/paths';
import { type AdminEventSortField, useAdminEvents } from '../api/admin-events-list';
import { useAdminEventColumns } from './admin-events-columns';

/** The create page of the admin area. */
export const ADMIN_EVENT_CREATE_PATH = `${PATHS.adminEvents}/create`;

/** The admin events table; see the module comment. */
export function AdminEventsPage() {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const table = useTableUrlState<typeof adminEventsQuerySchema, AdminEventSortField>(adminEventsQuerySchema);
  const { search, page, sortField, sortDirection } = table.query;
  const query = useAdminEvents({ search, page, sortField, sortDirection });
  const columns = useAdminEventColumns();
  const pagination = query.data?.pagination;

  return (
    <Stack gap={0}>
      <PageHeading title={t('pages.adminEvents')} />
      <TableToolbar
        searchLabel={t('adminEvents.search')}
        searchPlaceholder={t('adminEvents.searchPlaceholder')}
        search={table.searchInput}
        onSearch={table.setSearchInput}
        total={
          pagination &&
          t('adminEvents.total', { count: pagination.totalCount, total: formatNumber(pagination.totalCount) })
        }
        action={
          <Button component={Link} to={ADMIN_EVENT_CREATE_PATH}>
            {t('adminEvents.create')}
          </Button>
        }
      />
      {query.isError && (
        <Alert color="red" mb="sm">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('adminEvents.loadFailed')}</Text>
            <Button variant="default" size="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      <DataTable
        caption={t('adminEvents.caption')}
        columns={columns}
        rows={query.data?.events ?? (query.isError ? [] : undefined)}
        rowKey={(event) => event.id}
        sort={table.sort}
        onSort={table.toggleSort}
        busy={query.isPlaceholderData}
        emptyText={search ? t('adminEvents.emptySearch') : t('adminEvents.empty')}
        highlighted={(event) => event.deletedAt !== null}
        minWidth={1100}
      />
      {pagination && (
        <PaginationNav
          label={t('adminEvents.pages')}
          page={page}
          totalPages={pagination.totalPages}
          onChange={table.setPage}
        />
      )}
    </Stack>
  );
}
