/**
 * `/profile/events/create`: publishing a new event, after a confirmation worded for the user's plan.
 * What the organiser types is kept as a draft in this browser (per user) until it is published, and the
 * page offers to resume a draft left earlier.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AfterPaint } from '@/components/after-paint';
import { useConfirm } from '@/components/confirm-dialog';
import { PageHeading } from '@/components/page-heading';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { chargeBlocker, chargePrice } from '@/lib/charge-readiness';
import { formatDate } from '@/lib/dates';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSaveOwnEvent } from '../api/save-own-event';
import { defaultDate } from '../utils/date-rules';
import { type EventDraft, readDraft, removeDraft, writeDraft } from '../utils/event-draft';
import type { EventFormValues } from '../utils/event-form-values';
import { newEventValues } from '../utils/event-form-values';
import { maxDatesOf, publishWording, recurrenceAllowed } from '../utils/plan-rules';
import { LazyEventForm } from './lazy-event-form';
import { PlanLink } from './plan-link';

/** Typing pauses this long before the draft is written. */
const DRAFT_DELAY_MS = 400;

/** "Resume your draft" with its date, or discard it. */
function DraftOffer({
  draft,
  onResume,
  onDiscard,
}: {
  draft: EventDraft;
  onResume: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const savedAt = formatDate(draft.savedAt, lang, { dateStyle: 'long', timeStyle: 'short' });
  const title = draft.values.titleFr || draft.values.titleEn;
  return (
    <Alert color="blue" variant="light" mb="md" title={t('eventDraft.title')} role="status">
      <Text size="sm">{title ? t('eventDraft.namedText', { title, savedAt }) : t('eventDraft.text', { savedAt })}</Text>
      <Group mt="sm">
        <Button size="sm" onClick={onResume}>
          {t('eventDraft.resume')}
        </Button>
        <Button size="sm" variant="default" onClick={onDiscard}>
          {t('eventDraft.discard')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The new event form, without the bottom tab bar. */
export function EventCreatePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const planType = user?.planType;
  const userId = user?.id;
  const queryClient = useQueryClient();
  const save = useSaveOwnEvent(undefined);
  const [confirm, dialog] = useConfirm();
  const [initialValues, setInitialValues] = useState(() => newEventValues(defaultDate(new Date())));
  // The form starts again (a new key) from a resumed draft.
  const [formKey, setFormKey] = useState(0);
  // A draft left earlier, offered until the organiser resumes or discards it; it is not overwritten meanwhile.
  const [offered, setOffered] = useState<EventDraft | null>(() => (userId ? readDraft(userId) : null));
  const charge = chargePrice('unit', user, lang);

  /**
   * The publishing confirmation. Under the unit plan, what would refuse the charge (no card, no billing
   * province) is said first, as the form's message with the way to the account page, instead of after "yes";
   * the confirmation then gives the total with taxes.
   */
  const confirmPublish = async () => {
    const wording = publishWording(planType);
    if (wording === 'unit' && user) {
      const blocker = await chargeBlocker(queryClient, user);
      if (blocker) throw new ApiError(400, { global: t(blocker, { ns: 'errors' }) });
    }
    return confirm({
      title: t('eventForm.publish.title'),
      message:
        wording === 'unit' && charge.total
          ? t('eventForm.publish.unitTotal', charge)
          : t(`eventForm.publish.${wording}`, { price: charge.price }),
      confirmLabel: t('eventForm.publish.confirm'),
    });
  };

  const keepDraft = useDebouncedCallback(
    (values: EventFormValues) => {
      if (userId && !offered) writeDraft(userId, values);
    },
    { delay: DRAFT_DELAY_MS, flushOnUnmount: true },
  );

  const resume = (draft: EventDraft) => {
    setInitialValues(draft.values);
    setFormKey((key) => key + 1);
    setOffered(null);
  };
  const discard = () => {
    if (userId) removeDraft(userId);
    setOffered(null);
  };

  return (
    <>
      <PageHeading title={t('pages.eventCreate')} />
      {offered && <DraftOffer draft={offered} onResume={() => resume(offered)} onDiscard={discard} />}
      <AfterPaint>
        <LazyEventForm
          key={formKey}
          kind="owner"
          initialValues={initialValues}
          recurrenceAllowed={recurrenceAllowed(planType)}
          maxDates={maxDatesOf(planType)}
          submitLabel={t('eventForm.publish.submit')}
          beforeSave={confirmPublish}
          save={(body) => save.mutateAsync(body)}
          onValuesChange={keepDraft}
          leaveMessage={offered ? undefined : t('unsaved.draftMessage')}
          onSaved={() => {
            keepDraft.cancel();
            if (userId) removeDraft(userId);
            toast.success(t('eventForm.published'));
            navigate(PATHS.profile);
          }}
          messageAction={(message) => <PlanLink message={message} />}
        />
      </AfterPaint>
      {dialog}
    </>
  );
}
