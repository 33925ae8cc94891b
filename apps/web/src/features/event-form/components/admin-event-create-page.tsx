/** `/profile/admin/events/create`: an administrator's new event (only the French title required). */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AfterPaint } from '@/components/after-paint';
import { PageHeading } from '@/components/page-heading';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useSaveAdminEvent } from '../api/admin-event';
import { defaultDate } from '../utils/date-rules';
import { newEventValues } from '../utils/event-form-values';
import { AdminEventFields } from './admin-event-fields';
import { LazyEventForm } from './lazy-event-form';

/** The administrator's event form in create mode. */
export function AdminEventCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveAdminEvent(undefined);
  const [initialValues] = useState(() => newEventValues(defaultDate(new Date())));
  return (
    <>
      <PageHeading title={t('pages.adminEventCreate')} />
      <AfterPaint>
        <LazyEventForm
          kind="admin-create"
          initialValues={initialValues}
          recurrenceAllowed
          submitLabel={t('eventForm.admin.create')}
          adminFields={<AdminEventFields />}
          save={(body) => save.mutateAsync(body)}
          onSaved={() => {
            toast.success(t('eventForm.admin.created'));
            navigate(PATHS.adminEvents);
          }}
        />
      </AfterPaint>
    </>
  );
}
