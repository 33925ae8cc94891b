import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/me/plans`: plan selection (filled by the plans issue). */
export function PlansPage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.plans')} />;
}
