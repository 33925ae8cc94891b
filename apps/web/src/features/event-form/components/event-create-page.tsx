/** `/profile/events/create`: publishing a new event, after a confirmation worded for the user's plan. */
import { PRICES } from '@evmap/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { PageHeading } from '@/components/page-heading';
import { localeOf } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSaveOwnEvent } from '../api/save-own-event';
import { defaultDate } from '../utils/date-rules';
import { newEventValues } from '../utils/event-form-schema';
import { publishWording, recurrenceAllowed } from '../utils/plan-rules';
import { EventForm } from './event-form';
import { PlanLink } from './plan-link';

/** The new event form, without the bottom tab bar. */
export function EventCreatePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const planType = useSession((s) => s.user?.planType);
  const save = useSaveOwnEvent(undefined);
  const [confirm, dialog] = useConfirm();
  const [initialValues] = useState(() => newEventValues(defaultDate(new Date())));
  const price = new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency: 'CAD' }).format(PRICES.unit / 100);

  return (
    <>
      <PageHeading title={t('pages.eventCreate')} />
      <EventForm
        kind="owner"
        initialValues={initialValues}
        recurrenceAllowed={recurrenceAllowed(planType)}
        submitLabel={t('eventForm.publish.submit')}
        beforeSave={() =>
          confirm({
            title: t('eventForm.publish.title'),
            message: t(`eventForm.publish.${publishWording(planType)}`, { price }),
            confirmLabel: t('eventForm.publish.confirm'),
          })
        }
        save={(body) => save.mutateAsync(body)}
        onSaved={() => {
          toast.success(t('eventForm.published'));
          navigate(PATHS.profile);
        }}
        messageAction={(message) => <PlanLink message={message} />}
      />
      {dialog}
    </>
  );
}
