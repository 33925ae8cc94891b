/**
 * `/profile/admin/events`: every event (deleted ones included) in a table searched, sorted and paged by
 * the server, 100 rows a page (spec sections 2 and 9). The search, page and sort live in the URL.
 */
import { ADMIN_EVENTS_TABLE_QUERY } from '@evmap/contract/table-query';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { ListPage } from '@/components/data-table/list-page';
import { useFormatNumber } from '@/components/data-table/use-format-number';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { type AdminEventSortField, useAdminEvents } from '../api/admin-events-list';
import { useAdminEventColumns } from './admin-events-columns';

/** The create page of the admin area. */
export const ADMIN_EVENT_CREATE_PATH = `${PATHS.adminEvents}/create`;

/** The admin events table; see the module comment. */
export function AdminEventsPage() {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const table = useTableUrlState<typeof ADMIN_EVENTS_TABLE_QUERY, AdminEventSortField>(ADMIN_EVENTS_TABLE_QUERY);
  const { search, page, sortField, sortDirection } = table.query;
  const query = useAdminEvents({ search, page, sortField, sortDirection });
  const columns = useAdminEventColumns();
  const pagination = query.data?.pagination;

  return (
    <ListPage
      title={t('pages.adminEvents')}
      toolbar={{
        searchLabel: t('adminEvents.search'),
        searchPlaceholder: t('adminEvents.searchPlaceholder'),
        search: table.searchInput,
        onSearch: table.setSearchInput,
        total:
          pagination &&
          t('adminEvents.total', { count: pagination.totalCount, total: formatNumber(pagination.totalCount) }),
        action: (
          <Button component={Link} to={ADMIN_EVENT_CREATE_PATH}>
            {t('adminEvents.create')}
          </Button>
        ),
      }}
      failed={
        query.isError
          ? { message: t('adminEvents.loadFailed'), onRetry: () => void query.refetch(), retrying: query.isFetching }
          : undefined
      }
    >
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
        cardsBelow="75em"
        pagination={
          pagination && {
            label: t('adminEvents.pages'),
            page,
            totalPages: pagination.totalPages,
            onChange: table.setPage,
          }
        }
      />
    </ListPage>
  );
}
