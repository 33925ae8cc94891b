import { Alert, Button, Center, Group, Loader, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { PaginationNav } from '@/components/data-table/pagination-nav';
import { useLang } from '@/i18n/use-lang';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeactivateReportedEvent } from '../api/moderation-deactivate';
import { useDeleteReportedEvent } from '../api/moderation-delete';
import { useModerationQueue } from '../api/moderation-queue';
import { useValidateReportedEvent } from '../api/moderation-validate';
import { type ModerationAction, ModerationRow, type ReportedEvent } from './moderation-row';

/** The URL parameter of the queue's page, so a reload or the back button keeps it. */
const PAGE_PARAM = 'moderationPage';

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The moderation queue (events reported by visitors, most reported first): validate (the reports are
 * cleared, the event stays), deactivate, or delete after a confirmation, each with a toast.
 */
export function ModerationQueue() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const query = useModerationQueue(page);
  const validate = useValidateReportedEvent();
  const deactivate = useDeactivateReportedEvent();
  const remove = useDeleteReportedEvent();
  const [confirm, confirmDialog] = useConfirm();
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  const setPage = (next: number, replace = false) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next > 1) copy.set(PAGE_PARAM, String(next));
        else copy.delete(PAGE_PARAM);
        return copy;
      },
      { replace },
    );

  // The last rows of the last page were handled: show the page that is now the last one.
  const totalPages = query.data?.pagination.totalPages ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the answer says the page is gone
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > 1 && page > totalPages) setPage(Math.max(1, totalPages), true);
  }, [query.data, query.isPlaceholderData, page, totalPages]);

  const titleOf = (event: ReportedEvent) => (lang === 'fr' ? event.titleFr : event.titleEn || event.titleFr);

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

  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert color="red" variant="light">
        <Group justify="space-between">
          <Text size="sm">{t('moderation.loadFailed')}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('moderation.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (!query.data) {
    body = (
      <Center py="lg">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (query.data.events.length === 0) {
    body = <Text c="dimmed">{t('moderation.empty')}</Text>;
  } else {
    body = (
      <>
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" striped aria-label={t('moderation.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('moderation.columns.event')}</Table.Th>
                <Table.Th scope="col">{t('moderation.columns.reports')}</Table.Th>
                <Table.Th scope="col">{t('moderation.columns.lastReport')}</Table.Th>
                <Table.Th scope="col">{t('moderation.columns.flags')}</Table.Th>
                <Table.Th scope="col">{t('moderation.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.events.map((event) => (
                <ModerationRow
                  key={event.id}
                  event={event}
                  title={titleOf(event)}
                  busy={busyIds.has(event.id)}
                  onAction={(action, target) => void run(action, target)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PaginationNav
          page={page}
          totalPages={totalPages}
          onChange={(next) => setPage(next)}
          label={t('moderation.pagination')}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="moderation-heading">
      <Title order={2} size="h3" mb={4} id="moderation-heading">
        {t('moderation.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('moderation.intro')}
      </Text>
      {body}
      {confirmDialog}
    </section>
  );
}
