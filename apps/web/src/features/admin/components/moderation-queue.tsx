import { MODERATION_TABLE_QUERY } from '@evmap/contract/table-query';
import { useCallback, useEffect, useState } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import { DataTable, type RowAction } from '@/components/data-table/data-table';
import { ListPage } from '@/components/data-table/list-page';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { ListStatus } from '@/components/list-status';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeactivateReportedEvent } from '../api/moderation-deactivate';
import { useDeleteReportedEvent } from '../api/moderation-delete';
import { useModerationQueue } from '../api/moderation-queue';
import { useValidateReportedEvent } from '../api/moderation-validate';
import { type ReportedEvent, useModerationColumns } from './moderation-columns';

/** The three moderation actions of a row. */
type ModerationAction = 'validate' | 'deactivate' | 'delete';

/**
 * The moderation queue (events reported by visitors, most reported first): validate (the reports are
 * cleared, the event stays), deactivate (only while it is active), or delete after a confirmation, each
 * with a toast.
 */
export function ModerationQueue() {
  const { t } = useTranslation();
  const lang = useLang();
  const table = useTableUrlState(MODERATION_TABLE_QUERY, { prefix: 'moderation' });
  const { page } = table.query;
  const query = useModerationQueue(page);
  const validate = useValidateReportedEvent();
  const deactivate = useDeactivateReportedEvent();
  const remove = useDeleteReportedEvent();
  const [confirm, confirmDialog] = useConfirm();
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  // The last rows of the last page were handled: show the page that is now the last one.
  const totalPages = query.data?.pagination.totalPages ?? 0;
  const { setPage } = table;
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > 1 && page > totalPages) setPage(Math.max(1, totalPages), true);
  }, [query.data, query.isPlaceholderData, page, totalPages, setPage]);

  const titleOf = useCallback(
    (event: ReportedEvent) => (lang === 'fr' ? event.titleFr : event.titleEn || event.titleFr),
    [lang],
  );
  const columns = useModerationColumns(titleOf);

  const run = async (action: ModerationAction, event: ReportedEvent) => {
    const title = titleOf(event);
    if (action === 'delete') {
      const confirmed = await confirm({
        title: t('moderation.confirmDeleteTitle'),
        message: t('moderation.confirmDeleteText', { title }),
        confirmLabel: t('moderation.confirmDelete'),
        danger: true,
      });
      if (!confirmed) return;
    }
    setBusyIds((ids) => new Set(ids).add(event.id));
    try {
      if (action === 'validate') await validate.mutateAsync(event);
      else if (action === 'deactivate') await deactivate.mutateAsync(event);
      else await remove.mutateAsync(event);
      const done = { validate: 'validated', deactivate: 'deactivated', delete: 'deleted' } as const;
      toast.success(t(`moderation.${done[action]}`, { title }));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(event.id);
        return next;
      });
    }
  };

  const actionsOf = (event: ReportedEvent): RowAction[] => {
    const title = titleOf(event);
    const busy = busyIds.has(event.id);
    const action = (key: ModerationAction, extra: Partial<RowAction>): RowAction => ({
      key,
      label: t(`moderation.${key}`),
      accessibleLabel: t(`moderation.${key}Label`, { title }),
      disabled: busy,
      onClick: () => void run(key, event),
      ...extra,
    });
    return [
      action('validate', {}),
      ...(event.active ? [action('deactivate', { variant: 'default' })] : []),
      action('delete', { variant: 'light', color: 'red' }),
    ];
  };

  return (
    <ListPage
      title={t('moderation.heading')}
      level={2}
      intro={t('moderation.intro')}
      failed={
        query.isError
          ? { message: t('moderation.loadFailed'), onRetry: () => void query.refetch(), retrying: query.isFetching }
          : undefined
      }
    >
      {query.data ? (
        <DataTable
          caption={t('moderation.tableLabel')}
          captionHidden
          columns={columns}
          rows={query.data.events}
          rowKey={(event) => event.id}
          actions={{ header: t('moderation.columns.actions'), of: actionsOf }}
          busy={query.isPlaceholderData}
          emptyText={t('moderation.empty')}
          cardsBelow="62em"
          pagination={{ page, totalPages, onChange: setPage, label: t('moderation.pagination') }}
        />
      ) : (
        !query.isError && <ListStatus status="pending" compact />
      )}
      {confirmDialog}
    </ListPage>
  );
}
