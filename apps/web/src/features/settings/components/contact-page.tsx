import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';

/** `/profile/me/contact`: the contact form (filled by the settings issue). */
export function ContactPage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.contact')} />;
}
