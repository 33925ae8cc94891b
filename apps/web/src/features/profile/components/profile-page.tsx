import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { useSession } from '@/lib/session';
import { FavoriteEvents } from './favorite-events';
import { ManagerEvents } from './manager-events';

/**
 * `/profile` (spec section 2): an event-manager's own events (upcoming and passed, create button,
 * plan-required popup), or a viewer's favourite events with a way back to the map.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const type = useSession((state) => state.user?.type);
  const isManager = type === 'event-manager';
  return (
    <>
      <PageHeading title={isManager ? t('pages.myEvents') : t('pages.favorites')} />
      {type === undefined ? null : isManager ? <ManagerEvents /> : <FavoriteEvents />}
    </>
  );
}
