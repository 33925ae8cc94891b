import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { useSession } from '@/lib/session';

/**
 * `/profile`: an event-manager's own events, a viewer's favourite events (the lists come with the
 * profile issue).
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const type = useSession((state) => state.user?.type);
  return <PageHeading title={type === 'event-manager' ? t('pages.myEvents') : t('pages.favorites')} />;
}
