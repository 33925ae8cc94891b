import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/events/create`: the new event form, without the bottom tab bar (filled by the event form issue). */
export function EventCreatePage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.eventCreate')} />;
}
