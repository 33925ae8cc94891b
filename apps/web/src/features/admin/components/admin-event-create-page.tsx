import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/admin/events/create`: create an event (filled by the admin issue). */
export function AdminEventCreatePage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.adminEventCreate')} />;
}
