import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/admin/events/:eventUuid`: edit an event (filled by the admin issue). */
export function AdminEventEditPage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.adminEventEdit')} />;
}
