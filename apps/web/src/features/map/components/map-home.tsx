/** The map part of the home page, loaded lazily so that Leaflet stays out of the first load. */
import type { Event } from '@evmap/contract/events';
import { Box, Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MapErrorBoundary } from './map-error-boundary';

const MapScreen = lazy(() => import('./map-screen').then((m) => ({ default: m.MapScreen })));

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
