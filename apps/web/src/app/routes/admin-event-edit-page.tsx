/** `/profile/admin/events/{eventUuid}`: any event's page for an administrator, its form beside its statistics. */
import { useParams } from 'react-router';
import { useAdminEvent } from '@/features/event-form/api/admin-event';
import { AdminEventEditor } from '@/features/event-form/components/admin-event-editor';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { EventTabsPage } from './event-tabs';

export function AdminEventEditPage() {
  const { t } = useTranslation();
  const { eventUuid = '' } = useParams();
  const query = useAdminEvent(eventUuid);
  return (
    <EventTabsPage title={t('pages.adminEventEdit')} query={query} back={PATHS.adminEvents} scope="admin">
      {(event) => <AdminEventEditor event={event} />}
    </EventTabsPage>
  );
}
