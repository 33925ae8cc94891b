/**
 * `/profile/admin/sources/{sourceId}` (issue 25): a source at a glance (kind, URL, schedule, state, owner,
 * events, next run), its actions ("Run now", pause or resume, delete), its latest runs, and the form to edit
 * it. A source that cannot be loaded sends the administrator back to the list.
 */
import type { ImportSource } from '@evmap/contract/import';
import { Anchor, Button, Center, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ImportRunStatus } from '@/components/import/import-run-summary';
import { ImportSourceState } from '@/components/import/import-source-state';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { useTranslation } from '@/i18n/use-translation';
import { useFormatDate } from '@/lib/dates';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useImportSource } from '../api/import-source-get';
import { useUpdateImportSource } from '../api/import-source-save';
import { importSourceToValues } from '../utils/import-source-form-schema';
import { ImportRuns } from './import-runs';
import { ImportSourceForm } from './import-source-form';
import { useImportSourceActions } from './use-import-source-actions';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function SourceView({ source }: { source: ImportSource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const actions = useImportSourceActions();
  const update = useUpdateImportSource();
  const editHeading = useId();
  const running = actions.running === source.id || source.lastRun?.status === 'running';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts from the source as first loaded
  const initialValues = useMemo(() => importSourceToValues(source), [source.id]);

  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" m={0}>
        <Fact label={t('sources.columns.kind')}>{t(`sources.kinds.${source.kind}`)}</Fact>
        <Fact label={t('sources.fields.url')}>
          <Anchor href={source.url} target="_blank" rel="noopener noreferrer">
            {source.url}
          </Anchor>
        </Fact>
        <Fact label={t('sources.columns.schedule')}>{t(`sources.schedules.${source.schedule}`)}</Fact>
        <Fact label={t('sources.columns.state')}>
          <ImportSourceState source={source} />
        </Fact>
        <Fact label={t('sources.fields.ownerId')}>{source.ownerEmail ?? t('sources.noOwner')}</Fact>
        <Fact label={t('sources.events')}>{t('sources.eventCount', { count: source.eventCount })}</Fact>
        <Fact label={t('sources.lastRun')}>
          <ImportRunStatus run={running ? 'running' : source.lastRun} />
        </Fact>
        <Fact label={t('sources.nextRun')}>
          {source.paused
            ? t('sources.state.paused')
            : Date.parse(source.nextRunAt) <= Date.now()
              ? t('sources.dueNow')
              : formatDate(source.nextRunAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </Fact>
      </SimpleGrid>
      <Group>
        <Button onClick={() => void actions.run(source)} loading={running} disabled={running}>
          {t('sources.actions.run')}
        </Button>
        <Button variant="default" onClick={() => void actions.togglePause(source)} loading={actions.busy === source.id}>
          {source.paused ? t('sources.actions.resume') : t('sources.actions.pause')}
        </Button>
        <Button
          color="red"
          variant="light"
          onClick={async () => {
            if (await actions.remove(source)) void navigate(PATHS.adminSources);
          }}
        >
          {t('sources.actions.delete')}
        </Button>
      </Group>
      {running && (
        <Text role="status" c="blue.9">
          {t('sources.runningNow')}
        </Text>
      )}
      {actions.dialog}
      <ImportRuns sourceId={source.id} polling={actions.running === source.id} />
      <Divider />
      <section aria-labelledby={editHeading}>
        <Title order={2} size="h3" mb="sm" id={editHeading}>
          {t('sources.editTitle')}
        </Title>
        <ImportSourceForm
          key={source.id}
          mode="edit"
          initialValues={initialValues}
          ownerLabel={source.ownerEmail ?? undefined}
          // Pausing has its own button: a save keeps the state the source is in now.
          save={(values) => update.mutateAsync({ id: source.id, body: { ...values, paused: source.paused } })}
          onSaved={(saved) => toast.success(t('sources.toast.saved', { name: saved.name }))}
        />
      </section>
    </Stack>
  );
}

/** The source's page; see the module comment. */
export function ImportSourcePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sourceId = '' } = useParams();
  const query = useImportSource(sourceId);

  useEffect(() => {
    if (!query.isError) return;
    toast.error(t('sources.notFound'));
    void navigate(PATHS.adminSources, { replace: true });
  }, [query.isError, navigate, t]);

  return (
    <>
      <PageHeading title={query.data?.name ?? t('sources.title')} />
      {!query.data ? (
        <Center py="xl">
          <Spinner />
        </Center>
      ) : (
        <SourceView source={query.data} />
      )}
    </>
  );
}
