/**
 * `/profile/admin/sources` (issue 25): the import sources with their kind, schedule, state (active or paused)
 * and last run (its counts and when), each with "Run now", pause or resume, and delete (after a confirmation).
 * A run under way is shown as such; the list asks again while one is.
 */
import type { ImportSource } from '@evmap/contract/import';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ListPage } from '@/components/data-table/list-page';
import { ImportRunSummary } from '@/components/import/import-run-summary';
import { ImportSourceState } from '@/components/import/import-source-state';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { useImportSources } from '../api/import-sources-list';
import { useImportSourceActions } from './use-import-source-actions';

/** The page of a source, and the page adding one. */
export const importSourcePath = (id: number) => `${PATHS.adminSources}/${id}`;
export const IMPORT_SOURCE_CREATE_PATH = `${PATHS.adminSources}/create`;

function useColumns(running: number | undefined): DataTableColumn<ImportSource>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        key: 'name',
        header: t('sources.columns.name'),
        rowHeader: true,
        cell: (s) => (
          <Stack gap={2} align="flex-start">
            <Anchor component={Link} to={importSourcePath(s.id)} fw={600}>
              {s.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t('sources.eventCount', { count: s.eventCount })}
            </Text>
          </Stack>
        ),
      },
      { key: 'kind', header: t('sources.columns.kind'), cell: (s) => t(`sources.kinds.${s.kind}`) },
      { key: 'schedule', header: t('sources.columns.schedule'), cell: (s) => t(`sources.schedules.${s.schedule}`) },
      { key: 'state', header: t('sources.columns.state'), cell: (s) => <ImportSourceState source={s} /> },
      {
        key: 'lastRun',
        header: t('sources.columns.lastRun'),
        cell: (s) => <ImportRunSummary run={s.lastRun} running={running === s.id} />,
      },
    ],
    [t, running],
  );
}

/** The sources list; see the module comment. */
export function ImportSourcesPage() {
  const { t } = useTranslation();
  const query = useImportSources();
  const actions = useImportSourceActions();
  const columns = useColumns(actions.running);

  return (
    <ListPage
      title={t('sources.title')}
      intro={t('sources.intro')}
      failed={
        query.isError
          ? { message: t('sources.loadFailed'), onRetry: () => void query.refetch(), retrying: query.isFetching }
          : undefined
      }
    >
      <Group mb="sm">
        <Button component={Link} to={IMPORT_SOURCE_CREATE_PATH}>
          {t('sources.create')}
        </Button>
      </Group>
      <DataTable
        caption={t('sources.caption')}
        columns={columns}
        rows={query.data ?? (query.isError ? [] : undefined)}
        rowKey={(source) => source.id}
        emptyText={t('sources.empty')}
        highlighted={(source) => source.paused}
        cardsBelow="62em"
        actions={{
          header: t('sources.columns.actions'),
          of: (source) => [
            {
              key: 'run',
              label: actions.running === source.id ? t('sources.actions.running') : t('sources.actions.run'),
              accessibleLabel: t('sources.actions.runNamed', { name: source.name }),
              onClick: () => void actions.run(source),
              disabled: actions.running !== undefined || source.lastRun?.status === 'running',
            },
            {
              key: 'pause',
              label: source.paused ? t('sources.actions.resume') : t('sources.actions.pause'),
              accessibleLabel: t(source.paused ? 'sources.actions.resumeNamed' : 'sources.actions.pauseNamed', {
                name: source.name,
              }),
              variant: 'default',
              onClick: () => void actions.togglePause(source),
              disabled: actions.busy === source.id,
            },
            {
              key: 'delete',
              label: t('sources.actions.delete'),
              accessibleLabel: t('sources.actions.deleteNamed', { name: source.name }),
              variant: 'light',
              color: 'red',
              onClick: () => void actions.remove(source),
              disabled: actions.busy === source.id,
            },
          ],
        }}
      />
      {actions.dialog}
    </ListPage>
  );
}
