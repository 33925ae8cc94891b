/**
 * How a run is told in a few words: under way, failed (its error), or its counts (new, updated, unchanged,
 * removed, rejected, and the records linked to an existing event), with when it started.
 */
import type { ImportRun } from '@evmap/contract/import';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useFormatNumber } from '@/components/data-table/use-format-number';
import { useTranslation } from '@/i18n/use-translation';
import { useFormatDate } from '@/lib/dates';
import { toast } from '@/lib/toast';

/** Mantine's greens are too light for small text on white (WCAG AA): a darker one. */
const DARK_GREEN = '#1b5e20';

/** The figures of a run, in the order of the issue. */
export const COUNT_KEYS = ['created', 'updated', 'unchanged', 'removed', 'rejected', 'linked'] as const;

/** The status of a run (or "never run"), as a badge. */
export function ImportRunStatus({ run }: { run: Pick<ImportRun, 'status'> | null | 'running' }) {
  const { t } = useTranslation();
  const status = run === 'running' ? 'running' : (run?.status ?? 'never');
  const color = { running: 'blue.9', succeeded: DARK_GREEN, failed: 'red.9', never: 'gray.8' }[status];
  return (
    <Badge variant="outline" color={color} size="sm" tt="none" style={{ minWidth: 'max-content' }}>
      {t(`sources.runStatus.${status}`)}
    </Badge>
  );
}

/** The counts of a run as one line ("3 new · 1 updated · …"). */
export function useRunCounts() {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  return (run: ImportRun) =>
    COUNT_KEYS.filter((key) => key !== 'linked' || run.counts.linked > 0)
      .map((key) => t(`sources.counts.${key}`, { count: run.counts[key], value: formatNumber(run.counts[key]) }))
      .join(' · ');
}

/** Tells how a run asked with "Run now" went: its counts, or the error of a refused feed (admin and organisation). */
export function useRunToast() {
  const { t } = useTranslation();
  const runCounts = useRunCounts();
  return (name: string, run: ImportRun) => {
    if (run.error) toast.error(t('sources.toast.runFailed', { name, error: run.error }));
    else toast.success(t('sources.toast.ran', { name, counts: runCounts(run) }));
  };
}

/** The last run of a source in a list cell: status, when, and the counts or the error. */
export function ImportRunSummary({ run, running }: { run: ImportRun | null; running?: boolean }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const counts = useRunCounts();
  if (running || run?.status === 'running') {
    return <ImportRunStatus run="running" />;
  }
  if (!run) return <ImportRunStatus run={null} />;
  return (
    <Stack gap={2} align="flex-start">
      <Group gap="xs">
        <ImportRunStatus run={run} />
        <Text size="sm">{formatDate(run.startedAt, { dateStyle: 'medium', timeStyle: 'short' })}</Text>
      </Group>
      {run.status === 'failed' ? (
        <Text size="sm" c="red.9">
          {run.error ?? t('sources.runStatus.failed')}
        </Text>
      ) : (
        <Text size="sm">{counts(run)}</Text>
      )}
    </Stack>
  );
}
