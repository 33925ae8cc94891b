/**
 * `/profile/events/{eventUuid}`: an own event, tabs "infos" (the form, read-only with the reason when
 * the event cannot be modified) and "stats"; delete with a confirmation. The tab is kept in the URL
 * (`?tab=stats`). An event that cannot be loaded sends the user back to /profile (spec section 7).
 */
import type { Event } from '@evmap/contract/events';
import { Alert, Button, Center, Group, Loader, Tabs } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { PageHeading } from '@/components/page-heading';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteOwnEvent } from '../api/delete-own-event';
import { useOwnEvent } from '../api/get-own-event';
import { useSaveOwnEvent } from '../api/save-own-event';
import { eventToValues } from '../utils/event-form-schema';
import { readOnlyReason, recurrenceAllowed } from '../utils/plan-rules';
import { EventForm } from './event-form';
import { EventStats } from './event-stats';
import { PlanLink } from './plan-link';

function EditTab({ event }: { event: Event }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const planType = useSession((s) => s.user?.planType);
  const save = useSaveOwnEvent(event.id);
  const remove = useDeleteOwnEvent();
  const [confirm, dialog] = useConfirm();
  const reason = readOnlyReason(event, planType);
  // The form starts from the event as loaded; later answers (after a save) do not reset what is typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per event
  const initialValues = useMemo(() => eventToValues(event), [event.uuid]);

  const onDelete = async () => {
    const ok = await confirm({
      title: t('eventForm.delete.title'),
      message: t('eventForm.delete.message', { title: event.titleFr }),
      confirmLabel: t('eventForm.delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(event);
    } catch {
      toast.error(t('eventForm.delete.failed'));
      return;
    }
    toast.success(t('eventForm.delete.done'));
    navigate(PATHS.profile);
  };

  return (
    <>
      {reason && (
        <Alert color="yellow" variant="light" mb="md" title={t('eventForm.readOnly')}>
          {t(reason, { ns: 'errors' })}
        </Alert>
      )}
      <EventForm
        key={event.uuid}
        kind="owner"
        initialValues={initialValues}
        disabled={Boolean(reason)}
        recurrenceAllowed={recurrenceAllowed(planType)}
        submitLabel={t('eventForm.save')}
        save={(body) => save.mutateAsync(body)}
        onSaved={() => toast.success(t('eventForm.saved'))}
        messageAction={(message) => <PlanLink message={message} />}
      />
      <Group mt="xl">
        <Button color="red" variant="outline" onClick={onDelete} loading={remove.isPending}>
          {t('eventForm.delete.button')}
        </Button>
      </Group>
      {dialog}
    </>
  );
}

/** The edit page with its two tabs. */
export function EventEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { eventUuid = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'stats' ? 'stats' : 'infos';
  const query = useOwnEvent(eventUuid);

  useEffect(() => {
    if (!query.isError) return;
    toast.error(t('eventForm.notFound'));
    navigate(PATHS.profile, { replace: true });
  }, [query.isError, navigate, t]);

  return (
    <>
      <PageHeading title={t('pages.eventEdit')} />
      {!query.data ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => setSearch(value === 'stats' ? { tab: 'stats' } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="infos">{t('eventForm.tabs.infos')}</Tabs.Tab>
            <Tabs.Tab value="stats">{t('eventForm.tabs.stats')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="infos">
            <EditTab event={query.data} />
          </Tabs.Panel>
          <Tabs.Panel value="stats">
            <EventStats eventId={query.data.id} scope="owner" />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
