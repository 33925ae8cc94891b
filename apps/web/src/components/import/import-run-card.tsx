/**
 * One run of an import source (issue 25): its status and start, its counts (new, updated, unchanged, removed,
 * rejected, linked), the error that refused the whole feed, and the rejected records with their reasons. Shared
 * by the administrators' source page and an organisation's calendars in its settings.
 */
import type { ImportRun } from '@evmap/contract/import';
import { Alert, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useFormatNumber } from '@/components/data-table/use-format-number';
import { useTranslation } from '@/i18n/use-translation';
import { useFormatDate } from '@/lib/dates';
import { COUNT_KEYS, ImportRunStatus } from './import-run-summary';

/** One run; see the module comment. `level` is its heading's level. */
export function ImportRunCard({ run, level = 3 }: { run: ImportRun; level?: 3 | 4 | 5 }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatNumber = useFormatNumber();
  const headingId = useId();
  const when = formatDate(run.startedAt, { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId} data-run={run.id}>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={level} size="h5" id={headingId}>
            {t('sources.runs.runOf', { date: when })}
          </Title>
          <ImportRunStatus run={run} />
          {run.status === 'running' && <Loader size="xs" aria-hidden />}
        </Group>
        {run.status !== 'running' && (
          <SimpleGrid component="dl" cols={{ base: 2, xs: 3, sm: 6 }} spacing="xs" m={0}>
            {COUNT_KEYS.map((key) => (
              <div key={key}>
                <Text component="dt" size="xs" c="dimmed">
                  {t(`sources.countLabels.${key}`)}
                </Text>
                <Text component="dd" fw={700} m={0} data-count={key}>
                  {formatNumber(run.counts[key])}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
        {run.error && (
          <Alert color="red" variant="light" title={t('sources.runs.error')}>
            {run.error}
          </Alert>
        )}
        {run.rejections.length > 0 && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('sources.runs.rejections', { count: run.counts.rejected })}
            </Text>
            <List size="sm" spacing={2}>
              {run.rejections.map((rejection, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rejections have no id and never move
                <List.Item key={index}>
                  {rejection.externalId
                    ? t('sources.runs.rejection', { id: rejection.externalId, reason: rejection.reason })
                    : rejection.reason}
                </List.Item>
              ))}
            </List>
            {run.counts.rejected > run.rejections.length && (
              <Text size="xs" c="dimmed">
                {t('sources.runs.rejectionsCut', { count: run.rejections.length })}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
