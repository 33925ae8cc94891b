/** `/profile/events/{eventUuid}`: an own event's page, its form (event-form) beside its statistics. */
import { useParams } from 'react-router';
import { useOwnEvent } from '@/features/event-form/api/get-own-event';
import { EventEditor } from '@/features/event-form/components/event-editor';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { eventTitle } from '@/lib/event-title';
import { PATHS } from '@/lib/paths';
import { EventTabsPage } from './event-tabs';

export function EventEditPage() {
  const { t } = useTranslation();
  const { eventUuid = '' } = useParams();
  const query = useOwnEvent(eventUuid);
  const lang = useLang();
  // The heading names the event once it is loaded ("Edit “Jazz night”").
  const title = query.data ? t('pages.eventEditNamed', { title: eventTitle(query.data, lang) }) : t('pages.eventEdit');
  return (
    <EventTabsPage title={title} query={query} back={PATHS.profile} scope="owner">
      {(event) => <EventEditor event={event} />}
    </EventTabsPage>
  );
}
