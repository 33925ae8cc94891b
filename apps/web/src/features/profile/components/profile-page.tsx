import { useDeferredValue } from 'react';
import { PageHeading } from '@/components/page-heading';
import { useTranslation } from '@/i18n/use-translation';
import { useOwnEvents } from '@/lib/get-own-events';
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
  // The feed section comes once the events above it are shown (the same cached query as the list's): appearing
  // earlier, it was pushed down by the list as it loaded (a layout shift of 0.3 in bench:web). The list renders its
  // cards as a deferred value; this one is deferred too, so both come in the same render.
  const eventsShown = useDeferredValue(!useOwnEvents(isManager).isPending);
  return (
    <>
      <PageHeading title={isManager ? t('pages.myEvents') : t('pages.favorites')} />
      {type === undefined ? null : isManager ? <ManagerEvents /> : <FavoriteEvents />}
      {isManager && user && eventsShown && <CalendarFeed organisation={user} />}
    </>
  );
}
