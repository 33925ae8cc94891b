import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/events/:eventUuid`: edit an event, tabs infos and stats (filled by the event form issue). */
export function EventEditPage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.eventEdit')} />;
}
