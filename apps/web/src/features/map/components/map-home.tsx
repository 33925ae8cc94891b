/** The map part of the home page, loaded lazily so that Leaflet stays out of the first load. */
import type { Event } from '@evmap/contract/events';
import { Box, Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MapErrorBoundary } from './map-error-boundary';

const loadMapScreen = () => import('./map-screen');
const MapScreen = lazy(() => loadMapScreen().then((m) => ({ default: m.MapScreen })));

/** Starts fetching the map's code before React renders the home (the map is the first screen's main content). */
export function preloadMapScreen(): void {
  void loadMapScreen();
}

export type MapHomeProps = {
  /** CSS height of the map area. */
  height: string;
  onSelect: (event: Event) => void;
};

/** The map with its pickers. */
export function MapHome({ height, onSelect }: MapHomeProps) {
  const { t } = useTranslation();
  return (
    <Box pos="relative" h={height} style={{ overflow: 'hidden' }}>
      <MapErrorBoundary fallback={t('map.failed')}>
        <Suspense
          fallback={
            <Center h="100%">
              <Loader aria-label={t('common.loading')} />
            </Center>
          }
        >
          <MapScreen onSelect={onSelect} />
        </Suspense>
      </MapErrorBoundary>
    </Box>
  );
}
