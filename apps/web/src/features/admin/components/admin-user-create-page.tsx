import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/admin/users/create`: create a user (filled by the admin issue). */
export function AdminUserCreatePage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.adminUserCreate')} />;
}
