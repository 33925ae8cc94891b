import type { Event } from '@evmap/contract/events';
import { lazy, Suspense, useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LandingSection } from '@/features/landing/components/landing-section';
import { MapHome } from '@/features/map/components/map-home';
import { useFocusEvent } from '@/features/map/hooks/use-focus-event';
import { MAP_AREA_HEIGHT } from '../layouts/page-chrome';

// The modal (and what it uses) loads only when an event is opened: the home's first load stays small.
const EventModal = lazy(() =>
  import('@/features/event/components/event-modal').then((m) => ({ default: m.EventModal })),
);

type HomeState = { from?: 'marker' } | null;

/**
 * `/` and `/events/:handleOrUuid`: the map home, with the event modal of the URL over it.
 * A marker opens its event by URL; closing returns to `/`; a broken link is replaced by `/`.
 */
export function HomePage() {
  const { handleOrUuid } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const fromMarker = (location.state as HomeState)?.from === 'marker';
  const focusEvent = useFocusEvent();

  const select = useCallback(
    (event: Event) => navigate(`/events/${event.handle}`, { state: { from: 'marker' } }),
    [navigate],
  );
  const close = useCallback(() => navigate('/'), [navigate]);
  const missing = useCallback(() => navigate('/', { replace: true }), [navigate]);
  const loaded = useCallback((event: Event) => (fromMarker ? undefined : focusEvent(event)), [fromMarker, focusEvent]);

  return (
    <main>
      <MapHome height={MAP_AREA_HEIGHT} onSelect={select} selected={handleOrUuid} />
      <LandingSection />
      {handleOrUuid && (
        <Suspense>
          <EventModal
            key={handleOrUuid}
            handleOrUuid={handleOrUuid}
            source={fromMarker ? 'map_marker' : 'single_modal'}
            onClose={close}
            onLoaded={loaded}
            onMissing={missing}
          />
        </Suspense>
      )}
    </main>
  );
}
