/**
 * The "infos" tab of the administrator's event page (`/profile/admin/events/{eventUuid}`, composed in app/routes):
 * the event's notices (deleted, reported, inactive, past), the form in admin mode (active flag, creator,
 * coordinates; title, category, dates and address required) and the deletion with a confirmation. A deleted event
 * is shown read-only.
 */
import type { Event } from '@evmap/contract/events';
import { Alert, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDeleteAdminEvent, useSaveAdminEvent } from '../api/admin-event';
import { eventToValues } from '../utils/event-form-body';
import { AdminEventFields } from './admin-event-fields';
import { DeleteEventButton } from './delete-event-button';
import { EventForm } from './event-form';

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

/** Any event's form as an administrator edits it, with its notices and its deletion. */
export function AdminEventEditor({ event }: { event: Event }) {
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
          event={event}
          remove={() => remove.mutateAsync(event)}
          onDeleted={() => navigate(PATHS.adminEvents)}
        />
      )}
    </>
  );
}
