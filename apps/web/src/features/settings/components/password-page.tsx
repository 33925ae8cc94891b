import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/me/password`: change password (filled by the settings issue). */
export function PasswordPage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.password')} />;
}
