import type { Event } from '@evmap/contract/events';
import { Box } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LandingSection } from '@/features/landing/components/landing-section';
import { FilterNotice } from '@/features/map/components/filter-notice';
import { MapFilters } from '@/features/map/components/map-filters';
import { MapHome } from '@/features/map/components/map-home';
import { MapSubscribe } from '@/features/map/components/map-subscribe';
import { type HomeView, ViewSwitch } from '@/features/map/components/view-switch';
import { useFocusEvent } from '@/features/map/hooks/use-focus-event';
import { useTranslation } from '@/i18n/use-translation';
import { MAP_AREA_HEIGHT } from '../layouts/page-chrome';
import classes from './home-page.module.css';

// The modal (and what it uses) loads only when an event is opened: the home's first load stays small.
const EventModal = lazy(() =>
  import('@/features/event/components/event-modal').then((m) => ({ default: m.EventModal })),
);
// The list view, only when asked for.
const ListScreen = lazy(() => import('@/features/map/components/list-screen').then((m) => ({ default: m.ListScreen })));

type HomeState = { from?: 'marker' | 'list' } | null;

/**
 * `/` and `/events/:handleOrUuid`: the map home (or its list view, `?view=list`), with the event modal of the URL
 * over it. A marker or a list item opens its event by URL; closing returns to `/` (the list kept); a broken link is
 * replaced by `/`. The page's first Tab stop skips to the list of events.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { handleOrUuid } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const view: HomeView = params.get('view') === 'list' ? 'list' : 'map';
  const from = (location.state as HomeState)?.from;
  const focusEvent = useFocusEvent();
  const listQuery = view === 'list' ? '?view=list' : '';

  const select = useCallback(
    (marker: { handle: string }) => navigate(`/events/${marker.handle}`, { state: { from: 'marker' } }),
    [navigate],
  );
  const close = useCallback(() => navigate(`/${listQuery}`), [navigate, listQuery]);
  const missing = useCallback(() => navigate(`/${listQuery}`, { replace: true }), [navigate, listQuery]);
  const loaded = useCallback((event: Event) => (from ? undefined : focusEvent(event)), [from, focusEvent]);
  const switchTo = useCallback((next: HomeView) => navigate(next === 'list' ? '/?view=list' : '/'), [navigate]);

  // The skip link: to the list (switching to it), its heading focused once shown.
  const [focusList, setFocusList] = useState(0);
  const skipToList = () => setFocusList((n) => n + 1);

  return (
    <main>
      <Link to="/?view=list" replace={view === 'list'} className={classes.skip} onClick={skipToList}>
        {t('home.skipToList')}
      </Link>
      <Box pos="relative">
        <div className={classes.switch}>
          <ViewSwitch value={view} onChange={switchTo} />
          {view === 'map' && (
            <>
              <MapFilters />
              <MapSubscribe mt={6} />
              <FilterNotice />
            </>
          )}
        </div>
        {view === 'map' ? (
          <MapHome height={MAP_AREA_HEIGHT} onSelect={select} selected={handleOrUuid} />
        ) : (
          <Suspense>
            <ListScreen selected={handleOrUuid} focusHeading={focusList} />
          </Suspense>
        )}
      </Box>
      <LandingSection />
      {handleOrUuid && (
        <Suspense>
          <EventModal
            key={handleOrUuid}
            handleOrUuid={handleOrUuid}
            source={from === 'marker' ? 'map_marker' : 'single_modal'}
            onClose={close}
            onLoaded={loaded}
            onMissing={missing}
          />
        </Suspense>
      )}
    </main>
  );
}
