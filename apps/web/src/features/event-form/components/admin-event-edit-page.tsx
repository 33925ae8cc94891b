/**
 * `/profile/admin/events/{eventUuid}`: any event for an administrator, tabs "infos" (the form in admin mode:
 * active flag, creator, coordinates; title, category, dates and address required) and "stats" (the admin
 * call); its notices (deleted, reported, inactive, past); delete with a confirmation. A deleted event is
 * shown read-only. An event that cannot be loaded sends the administrator back to the events list.
 */
import type { Event } from '@evmap/contract/events';
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useAdminEvent, useDeleteAdminEvent, useSaveAdminEvent } from '../api/admin-event';
import { eventToValues } from '../utils/event-form-schema';
import { AdminEventFields } from './admin-event-fields';
import { DeleteEventButton } from './delete-event-button';
import { EventForm } from './event-form';
import { EventTabs } from './event-tabs';

/** The event's flags of spec section 8, as administrators see them. */
function AdminNotices({ event }: { event: Event }) {
  const { t } = useTranslation();
  const notices = [
    event.deletedAt ? t('event.deleted') : null,
    event.signaledCount > 0 ? t('event.signaledCount', { count: event.signaledCount }) : null,
    !event.active ? t('event.inactive') : null,
    event.isPast ? t('event.past') : null,
  ].filter((notice): notice is string => notice !== null);
  if (notices.length === 0) return null;
  return (
    <Alert color={event.deletedAt || event.signaledCount > 0 ? 'red' : 'yellow'} variant="light" mb="md">
      <Stack gap={2}>
        {notices.map((notice) => (
          <span key={notice}>{notice}</span>
        ))}
      </Stack>
    </Alert>
  );
}

function AdminEditTab({ event }: { event: Event }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveAdminEvent(event.id);
  const remove = useDeleteAdminEvent();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts once per event
  const initialValues = useMemo(() => eventToValues(event), [event.uuid]);
  const deleted = Boolean(event.deletedAt);
  return (
    <>
      <AdminNotices event={event} />
      <EventForm
        key={event.uuid}
        kind="admin-edit"
        initialValues={initialValues}
        disabled={deleted}
        recurrenceAllowed
        submitLabel={t('eventForm.save')}
        adminFields={<AdminEventFields creator={event.creator} />}
        save={(body) => save.mutateAsync(body)}
        onSaved={() => toast.success(t('eventForm.saved'))}
      />
      {!deleted && (
        <DeleteEventButton
          title={event.titleFr}
          remove={() => remove.mutateAsync(event)}
          onDeleted={() => navigate(PATHS.adminEvents)}
        />
      )}
    </>
  );
}

/** The administrator's event page. */
export function AdminEventEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { eventUuid = '' } = useParams();
  const query = useAdminEvent(eventUuid);

  useEffect(() => {
    if (!query.isError) return;
    toast.error(t('eventForm.notFound'));
    navigate(PATHS.adminEvents, { replace: true });
  }, [query.isError, navigate, t]);

  return (
    <>
      <PageHeading title={t('pages.adminEventEdit')} />
      {!query.data ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <EventTabs eventId={query.data.id} scope="admin">
          <AdminEditTab event={query.data} />
        </EventTabs>
      )}
    </>
  );
}
