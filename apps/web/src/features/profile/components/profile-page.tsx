import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { useSession } from '@/lib/session';
import { CalendarFeed } from './calendar-feed';
import { FavoriteEvents } from './favorite-events';
import { ManagerEvents } from './manager-events';

/**
 * `/profile` (spec section 2): an event-manager's own events (upcoming and passed, create button,
 * plan-required popup) and their calendar feed, or a viewer's favourite events with a way back to the map.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const type = user?.type;
  const isManager = type === 'event-manager';
  return (
    <>
      <PageHeading title={isManager ? t('pages.myEvents') : t('pages.favorites')} />
      {type === undefined ? null : isManager ? <ManagerEvents /> : <FavoriteEvents />}
      {isManager && user && <CalendarFeed organisation={user} />}
    </>
  );
}
