/**
 * The "infos" tab of an own event's page (`/profile/events/{eventUuid}`, composed in app/routes): the form,
 * read-only with the reason when the event cannot be modified, and the deletion with a confirmation.
 */
import type { Event } from '@evmap/contract/events';
import { publicationCovers } from '@evmap/contract/unit-publication';
import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { chargeBlocker, chargePrice } from '@/lib/charge-readiness';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteOwnEvent } from '../api/delete-own-event';
import { useSaveOwnEvent } from '../api/save-own-event';
import { eventToValues } from '../utils/event-form-body';
import { maxDatesOf, readOnlyReason, recurrenceAllowed } from '../utils/plan-rules';
import { DeleteEventButton } from './delete-event-button';
import { EventForm, type EventFormBody } from './event-form';
import { PlanLink } from './plan-link';

/** The form of an own event and its deletion; a save the unit plan charges is confirmed first, with its total. */
export function EventEditor({ event }: { event: Event }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const planType = user?.planType;
  const queryClient = useQueryClient();
  const save = useSaveOwnEvent(event.id);
  const remove = useDeleteOwnEvent();
  const reason = readOnlyReason(event, planType);
  const [confirm, dialog] = useConfirm();
  const lang = useLang();
  // Set when the owner agreed that this save is a new (charged) unit publication.
  const chargeConfirmed = useRef(false);
  const charge = chargePrice('unit', user, lang);
  /**
   * Under the unit plan, a new place or dates beyond the published ones: said, with the total, and confirmed
   * before saving; what would refuse the charge (no card, no billing province) is said before asking.
   */
  const beforeSave = async (body: EventFormBody) => {
    chargeConfirmed.current = false;
    if (planType !== 'unit' || publicationCovers(event, body)) return true;
    const blocker = user ? await chargeBlocker(queryClient, user) : null;
    if (blocker) throw new ApiError(400, { global: t(blocker, { ns: 'errors' }) });
    chargeConfirmed.current = await confirm({
      title: t('eventForm.republish.title'),
      message: charge.total
        ? t('eventForm.republish.messageTotal', charge)
        : t('eventForm.republish.message', { price: charge.price }),
      confirmLabel: t('eventForm.republish.confirm'),
    });
    return chargeConfirmed.current;
  };
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
        maxDates={maxDatesOf(planType)}
        submitLabel={t('eventForm.save')}
        beforeSave={beforeSave}
        save={(body) => save.mutateAsync(chargeConfirmed.current ? { ...body, confirmCharge: true } : body)}
        onSaved={() => toast.success(t('eventForm.saved'))}
        messageAction={(message) => <PlanLink message={message} />}
      />
      <DeleteEventButton
        event={event}
        remove={() => remove.mutateAsync(event)}
        onDeleted={() => navigate(PATHS.profile)}
      />
      {dialog}
    </>
  );
}
