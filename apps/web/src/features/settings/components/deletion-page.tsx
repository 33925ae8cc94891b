import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/me/deletion`: the delete-account confirmation (filled by the settings issue). */
export function DeletionPage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.deletion')} />;
}
