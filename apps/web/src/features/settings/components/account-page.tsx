import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/me/account`: the account form and invoices (filled by the settings issue). */
export function AccountPage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.account')} />;
}
