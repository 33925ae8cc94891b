import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/admin/users`: type tabs all / viewer / event-manager and search (filled by the admin issue). */
export function AdminUsersPage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.adminUsers')} />;
}
