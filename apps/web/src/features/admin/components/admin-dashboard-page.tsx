import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/admin`: the admin dashboard, placeholder text only (spec section 2). */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('pages.adminDashboard')} />
      <Text>{t('admin.dashboardText')}</Text>
    </>
  );
}
