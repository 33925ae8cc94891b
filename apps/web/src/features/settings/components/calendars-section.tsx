/**
 * "Your calendars" (issue 25): an organisation on the trial or complete plan connects its iCalendar URLs; its
 * events are kept in step with them. Each calendar shows its state and last run (the counts, or the error), with
 * "Run now", pause or resume, deletion after a confirmation, and its latest runs on demand; below, the form
 * connecting another. On another plan, why it cannot and a link to the plans.
 */
import type { ImportSource } from '@evmap/contract/import';
import type { User } from '@evmap/contract/users';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { ImportRunCard } from '@/components/import/import-run-card';
import { ImportRunSummary, useRunToast } from '@/components/import/import-run-summary';
import { ImportSourceState } from '@/components/import/import-source-state';
import { ListStatus } from '@/components/list-status';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import {
  ownSourceBodyOf,
  useDeleteOwnSource,
  useOwnRuns,
  useOwnSources,
  useRunOwnSource,
  useUpdateOwnSource,
} from '../api/own-sources';
import { OwnSourceForm } from './own-source-form';

/** Whether the account may connect calendars: an event-manager on the trial (not over) or a complete plan. */
export function mayConnectCalendars(user: User, now = new Date()): boolean {
  if (user.type !== 'event-manager' || user.isAdmin) return false;
  if (user.planType === 'trial') return !(user.trialEndedAt && new Date(user.trialEndedAt) < now);
  return user.planType === 'complete' || user.planType === 'free-complete';
}

/** The latest runs of a calendar. */
function OwnRuns({ source }: { source: ImportSource }) {
  const { t } = useTranslation();
  const query = useOwnRuns(source.id);
  if (query.isError) {
    return (
      <ListStatus
        status="error"
        message={t('sources.runs.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        compact
      />
    );
  }
  if (!query.data) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (query.data.length === 0) return <Text c="dimmed">{t('calendars.noRuns')}</Text>;
  return (
    <Stack>
      {query.data.map((run) => (
        <ImportRunCard key={run.id} run={run} level={4} />
      ))}
    </Stack>
  );
}

/** One calendar with its actions. */
function OwnSource({ source, onDelete }: { source: ImportSource; onDelete: (source: ImportSource) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const runsId = useId();
  const [showRuns, setShowRuns] = useState(false);
  const run = useRunOwnSource();
  const runToast = useRunToast();
  const update = useUpdateOwnSource();
  const failed = (error: unknown) =>
    toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));
  const runNow = async () => {
    try {
      runToast(source.name, await run.mutateAsync(source.id));
    } catch (error) {
      failed(error);
    }
  };
  const togglePause = async () => {
    try {
      await update.mutateAsync({ id: source.id, body: ownSourceBodyOf(source, { paused: !source.paused }) });
      toast.success(t(source.paused ? 'calendars.toast.resumed' : 'calendars.toast.paused', { name: source.name }));
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Paper withBorder p="sm" component="article" aria-labelledby={headingId} bg={source.paused ? 'gray.0' : undefined}>
      <Stack gap="xs">
        <Group gap="sm" justify="space-between">
          <Title order={3} size="h5" id={headingId}>
            {source.name}
          </Title>
          <ImportSourceState source={source} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {source.url}
        </Text>
        <Text size="sm">
          {t(`sources.schedules.${source.schedule}`)} · {t('sources.eventCount', { count: source.eventCount })}
        </Text>
        <ImportRunSummary run={source.lastRun} running={run.isPending} />
        <Group gap="xs">
          <Button
            size="xs"
            onClick={() => void runNow()}
            loading={run.isPending}
            aria-label={t('sources.actions.runNamed', { name: source.name })}
          >
            {t('sources.actions.run')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => void togglePause()}
            loading={update.isPending}
            aria-label={t(source.paused ? 'sources.actions.resumeNamed' : 'sources.actions.pauseNamed', {
              name: source.name,
            })}
          >
            {t(source.paused ? 'sources.actions.resume' : 'sources.actions.pause')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() => onDelete(source)}
            aria-label={t('sources.actions.deleteNamed', { name: source.name })}
          >
            {t('sources.actions.delete')}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-expanded={showRuns}
            aria-controls={runsId}
            onClick={() => setShowRuns((shown) => !shown)}
          >
            {t(showRuns ? 'calendars.hideRuns' : 'calendars.showRuns')}
          </Button>
        </Group>
        <div id={runsId}>{showRuns && <OwnRuns source={source} />}</div>
      </Stack>
    </Paper>
  );
}

/** The section; see the module comment. */
export function CalendarsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const allowed = mayConnectCalendars(user);
  const query = useOwnSources(allowed);
  const deletion = useDeleteOwnSource();
  const [confirm, dialog] = useConfirm();

  if (!allowed) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text>{t('calendars.planRequired')}</Text>
        <Anchor component={Link} to={PATHS.plans}>
          {t('calendars.seePlans')}
        </Anchor>
      </Stack>
    );
  }

  const remove = async (source: ImportSource) => {
    const confirmed = await confirm({
      title: t('calendars.confirmDeleteTitle'),
      message: t('calendars.confirmDeleteText', { name: source.name }),
      confirmLabel: t('sources.actions.delete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deletion.mutateAsync(source.id);
      toast.success(t('calendars.toast.deleted', { name: source.name }));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));
    }
  };

  return (
    <Stack>
      <Text size="sm">{t('calendars.intro')}</Text>
      {query.isError ? (
        <ListStatus
          status="error"
          message={t('calendars.loadFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          compact
        />
      ) : !query.data ? (
        <ListStatus status="pending" message={t('calendars.loadFailed')} compact />
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{t('calendars.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {query.data.map((source) => (
            <OwnSource key={source.id} source={source} onDelete={(s) => void remove(s)} />
          ))}
        </Stack>
      )}
      <Title order={3} size="h5">
        {t('calendars.addTitle')}
      </Title>
      <OwnSourceForm onConnected={(source) => toast.success(t('calendars.toast.connected', { name: source.name }))} />
      {dialog}
    </Stack>
  );
}
