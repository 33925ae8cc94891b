/**
 * `/profile/events/{eventUuid}`: an own event, tabs "infos" (the form, read-only with the reason when
 * the event cannot be modified) and "stats" (event-tabs.tsx); delete with a confirmation. An event that
 * cannot be loaded sends the user back to /profile (spec section 7).
 */
import type { Event } from '@evmap/contract/events';
import { Alert, Center, Loader } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteOwnEvent } from '../api/delete-own-event';
import { useOwnEvent } from '../api/get-own-event';
import { useSaveOwnEvent } from '../api/save-own-event';
import { eventToValues } from '../utils/event-form-schema';
import { readOnlyReason, recurrenceAllowed } from '../utils/plan-rules';
import { DeleteEventButton } from './delete-event-button';
import { EventForm } from './event-form';
import { EventTabs } from './event-tabs';
import { PlanLink } from './plan-link';

function EditTab({ event }: { event: Event }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const planType = useSession((s) => s.user?.planType);
  const save = useSaveOwnEvent(event.id);
  const remove = useDeleteOwnEvent();
  const reason = readOnlyReason(event, planType);
  // The form starts from the event as loaded; later answers (after a save) do not reset what is typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per event
  const initialValues = useMemo(() => eventToValues(event), [event.uuid]);

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
      <DeleteEventButton
        title={event.titleFr}
        remove={() => remove.mutateAsync(event)}
        onDeleted={() => navigate(PATHS.profile)}
      />
    </>
  );
}

/** The edit page with its two tabs. */
export function EventEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { eventUuid = '' } = useParams();
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
        <EventTabs eventId={query.data.id} scope="owner">
          <EditTab event={query.data} />
        </EventTabs>
      )}
    </>
  );
}
