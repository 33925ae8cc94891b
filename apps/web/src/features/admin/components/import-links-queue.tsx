/**
 * "Possible duplicates" (issue 25), below the moderation queue: the records an import linked to an existing event
 * instead of creating another, each with its source, the event it was linked to (opened in a new tab) and "Split"
 * after a confirmation, which makes the record an event of its own.
 */
import type { ImportLink } from '@evmap/contract/import';
import { Anchor, Group, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn, type RowAction } from '@/components/data-table/data-table';
import { ListPage } from '@/components/data-table/list-page';
import { ExternalIcon } from '@/components/icons';
import { ListStatus } from '@/components/list-status';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { useFormatDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useImportLinks, useSplitImportLink } from '../api/import-links';

/** The columns, in the current language. */
function useLinkColumns(): DataTableColumn<ImportLink>[] {
  const { t } = useTranslation();
  const lang = useLang();
  const formatDate = useFormatDate();
  return useMemo(
    () => [
      {
        key: 'record',
        header: t('importLinks.columns.record'),
        rowHeader: true,
        cell: (link) => (
          <Text size="sm" fw={600} lang="fr">
            {link.title}
          </Text>
        ),
      },
      {
        key: 'event',
        header: t('importLinks.columns.event'),
        cell: (link) => {
          const title = lang === 'fr' ? link.event.titleFr : link.event.titleEn;
          return (
            <Anchor
              href={`/events/${encodeURIComponent(link.event.handle)}`}
              target="_blank"
              rel="noopener"
              size="sm"
              aria-label={`${title}${t('common.newTab')}`}
            >
              <Group component="span" gap={4} wrap="nowrap">
                {title}
                <ExternalIcon size={12} />
              </Group>
            </Anchor>
          );
        },
      },
      { key: 'source', header: t('importLinks.columns.source'), cell: (link) => link.sourceName },
      {
        key: 'linkedAt',
        header: t('importLinks.columns.linkedAt'),
        cell: (link) => formatDate(link.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
      },
    ],
    [t, lang, formatDate],
  );
}

/** The section; see the module comment. */
export function ImportLinksQueue() {
  const { t } = useTranslation();
  const query = useImportLinks();
  const split = useSplitImportLink();
  const columns = useLinkColumns();
  const [confirm, dialog] = useConfirm();
  const [busy, setBusy] = useState<number | undefined>();

  const run = async (link: ImportLink) => {
    const confirmed = await confirm({
      title: t('importLinks.confirmTitle'),
      message: t('importLinks.confirmText', { title: link.title, source: link.sourceName }),
      confirmLabel: t('importLinks.split'),
    });
    if (!confirmed) return;
    setBusy(link.id);
    try {
      await split.mutateAsync(link.id);
      toast.success(t('importLinks.done', { title: link.title }));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));
    } finally {
      setBusy(undefined);
    }
  };

  const actionsOf = (link: ImportLink): RowAction[] => [
    {
      key: 'split',
      label: t('importLinks.split'),
      accessibleLabel: t('importLinks.splitLabel', { title: link.title }),
      variant: 'default',
      disabled: busy === link.id,
      onClick: () => void run(link),
    },
  ];

  return (
    <ListPage
      title={t('importLinks.heading')}
      level={2}
      intro={t('importLinks.intro')}
      failed={
        query.isError
          ? { message: t('importLinks.loadFailed'), onRetry: () => void query.refetch(), retrying: query.isFetching }
          : undefined
      }
    >
      {query.data ? (
        <DataTable
          caption={t('importLinks.heading')}
          captionHidden
          columns={columns}
          rows={query.data}
          rowKey={(link) => link.id}
          actions={{ header: t('importLinks.columns.actions'), of: actionsOf }}
          emptyText={t('importLinks.empty')}
          cardsBelow="62em"
        />
      ) : (
        !query.isError && <ListStatus status="pending" compact />
      )}
      {dialog}
    </ListPage>
  );
}
