/**
 * The latest runs of a source (issue 25), latest first, each an ImportRunCard (shared with an organisation's
 * calendars). A run under way is shown as such (the runs are asked again meanwhile).
 */
import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { ImportRunCard } from '@/components/import/import-run-card';
import { ListStatus } from '@/components/list-status';
import { useTranslation } from '@/i18n/use-translation';
import { useImportRuns } from '../api/import-source-runs';

/** The runs section of a source's page; `polling` while a "Run now" of this screen waits for its answer. */
export function ImportRuns({ sourceId, polling = false }: { sourceId: number; polling?: boolean }) {
  const { t } = useTranslation();
  const query = useImportRuns(sourceId, polling);
  const headingId = useId();
  const runs = query.data;

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" mb="sm" id={headingId}>
        {t('sources.runs.title')}
      </Title>
      {query.isError ? (
        <ListStatus
          status="error"
          message={t('sources.runs.loadFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !runs ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : runs.length === 0 ? (
        <Text c="dimmed">{t('sources.runs.none')}</Text>
      ) : (
        <Stack>
          {runs.map((run) => (
            <ImportRunCard key={run.id} run={run} />
          ))}
        </Stack>
      )}
    </section>
  );
}
