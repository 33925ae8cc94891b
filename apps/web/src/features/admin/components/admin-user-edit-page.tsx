import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/admin/users/:userId`: edit a user (filled by the admin issue). */
export function AdminUserEditPage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.adminUserEdit')} />;
}
