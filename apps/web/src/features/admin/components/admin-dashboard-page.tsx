import { Stack } from '@mantine/core';
import { PageHeading } from '@/components/page-heading';
import { useTranslation } from '@/i18n/use-translation';
import { AdminDashboardFigures } from './admin-dashboard-figures';
import { ImportLinksQueue } from './import-links-queue';
import { ModerationQueue } from './moderation-queue';

/**
 * `/profile/admin`: the dashboard. The spec asks only for a placeholder; administrators get what they open it
 * for instead: the counts, each linking to its list, and the moderation queue of reported events below, then the possible duplicates an import linked to an existing
 * event (issue 25).
 */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('pages.adminDashboard')} />
      <Stack gap="xl">
        <AdminDashboardFigures />
        <ModerationQueue />
        <ImportLinksQueue />
      </Stack>
    </>
  );
}
