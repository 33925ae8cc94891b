import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/admin/events`: search, sortable table, pagination (filled by the admin issue). */
export function AdminEventsPage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.adminEvents')} />;
}
